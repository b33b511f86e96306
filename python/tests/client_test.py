# The Python client against a real symmbenchd on loopback (CPU backend, 2 slots, real worker
# processes): devices, a job submitted and waited for, its rows, a watch, get and list, a
# cancelled job, specs the daemon refuses, the bearer token, TLS with a client certificate, and
# an address nobody answers.
"""Run by client_test.sh: PYTHONPATH holds the symmbench package, SYMMBENCHD and
SYMMBENCH_WORKER name the binaries. Writes one JUnit <testcase> per test to $XML_OUTPUT_FILE."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import xml.etree.ElementTree as ET
from typing import List, Optional

import grpc

import symmbench

# Hang guards only: a loaded 2-core CI host may be slow, never this slow.
START_GUARD_S = 120
JOB_GUARD_S = 240

SMALL_SIZES = [2048, 8192]
# World size 2, two small sizes, few iterations: seconds on the CPU backend.
SMALL_SPEC = {
    "kernel": "one_shot_all_reduce",
    "world_size": 2,
    "warmup_iters": 2,
    "iters": 5,
    "repeats": 2,
    "labels": {"client": "python"},
    "sweep": {"sizes_bytes": SMALL_SIZES},
}
# Runs for minutes unless cancelled: 16 MiB, 100000 iterations, no check (as job_control_test).
LONG_SPEC = {
    "kernel": "one_shot_all_reduce",
    "world_size": 2,
    "warmup_iters": 0,
    "iters": 100000,
    "check": False,
    "sweep": {"sizes_bytes": [16 << 20]},
}
TOKEN = "s3cret-token-0123456789abcdef"
OPENSSL = "/usr/bin/openssl"


class Daemon:
    """A symmbenchd on 127.0.0.1 (port 0) with its own database and logs, as tests/test_util's
    Daemon starts it."""

    def __init__(self, directory: str, extra_args: Optional[List[str]] = None) -> None:
        self.dir = directory
        self.log_path = os.path.join(directory, "symmbenchd.log")
        port_file = os.path.join(directory, "port")
        argv = [os.environ["SYMMBENCHD"], "--listen", "127.0.0.1:0", "--port-file", port_file,
                "--metrics-listen", "127.0.0.1:0", "--db", os.path.join(directory, "jobs.db"),
                "--log-dir", os.path.join(directory, "logs"), "--backend", "cpu",
                "--cpu-slots", "2", "--worker", os.environ["SYMMBENCH_WORKER"]]
        argv += extra_args or []
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log,
                                            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_GUARD_S
        self.address = ""
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with open(port_file) as f:
                    words = f.read().split()
                if words:
                    self.address = words[0]
                    return
            except FileNotFoundError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("symmbenchd did not start: " + self.log())

    def log(self) -> str:
        with open(self.log_path, errors="replace") as f:
            return f.read()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=START_GUARD_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ClientTest(unittest.TestCase):
    daemon: Daemon
    client: symmbench.Client

    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.mkdtemp(prefix="python_client.", dir=os.environ.get("TEST_TMPDIR"))
        cls.daemon = Daemon(cls.tmp)
        cls.client = symmbench.Client(cls.daemon.address)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.client.close()
        cls.daemon.stop()

    def check_rows(self, rows: List[dict]) -> None:
        self.assertEqual([r["size_bytes"] for r in rows], SMALL_SIZES)
        for row in rows:
            self.assertIs(type(row), dict)
            self.assertIs(type(row["size_bytes"]), int)  # int64: an int, not protobuf's string
            self.assertEqual(row["count"], row["size_bytes"] // 2)  # bf16, the default
            self.assertEqual(row["dtype"], "bf16")
            self.assertEqual(row["wrong"], 0)
            self.assertTrue(row["checked"])
            self.assertFalse(row["partial"])
            self.assertGreater(row["time_us"], 0.0)
            self.assertGreater(row["algbw_gbps"], 0.0)
            # busbw = algbw x 2(n-1)/n = algbw at world size 2.
            self.assertAlmostEqual(row["busbw_gbps"], row["algbw_gbps"], delta=1e-9)
            self.assertEqual(row["reference"], "reference_sum")
            self.assertEqual(row["reference_kind"], "check_only")
            self.assertEqual(row["speedup"], 0.0)
            self.assertNotIn("gemm", row)  # an unset message field is absent

    def test_devices(self) -> None:
        devices = self.client.devices()
        self.assertEqual(devices["backend"], "cpu")
        self.assertEqual([d["index"] for d in devices["devices"]], [0, 1])
        self.assertEqual({d["kind"] for d in devices["devices"]}, {"cpu"})
        self.assertIn("one_shot_all_reduce", devices["kernels"])
        ops = {op["name"]: op for op in devices["ops"]}
        self.assertEqual(ops["one_shot_all_reduce"]["computes"], "all_reduce_sum")
        self.assertEqual(devices["machine"]["backend"], "cpu")
        self.assertIs(type(devices["machine"]["device_count"]), int)

    def test_submit_wait_rows_get_list(self) -> None:
        job_id = self.client.submit(SMALL_SPEC)
        self.assertRegex(job_id, r"^j-\d+$")
        job = self.client.wait(job_id, timeout=JOB_GUARD_S)
        self.assertEqual(job["job_id"], job_id)
        self.assertEqual(job["state"], "SUCCEEDED", job["error"])
        self.assertEqual(job["error"], "")
        self.assertEqual(job["spec"]["world_size"], 2)
        self.assertEqual(job["spec"]["labels"], {"client": "python"})
        self.assertEqual(job["spec"]["sweep"]["sizes_bytes"], SMALL_SIZES)
        self.assertEqual(job["spec"]["dtype"], "bf16")  # the coordinator's default, applied
        self.assertEqual(job["backend"], "cpu")
        self.assertEqual(sorted(job["devices"]), [0, 1])
        self.assertGreater(job["end_time_unix_ms"], job["submit_time_unix_ms"])
        rows = symmbench.rows(job)
        self.check_rows(rows)
        self.assertEqual(self.client.rows(job_id), rows)
        self.assertEqual(self.client.get(job_id), job)
        # A finished job: wait returns at once with the same record.
        self.assertEqual(self.client.wait(job_id), job)

        listed = {j["job_id"]: j for j in self.client.list_jobs()}
        self.assertIn(job_id, listed)
        self.assertEqual(listed[job_id]["rows"], [])  # rows only with include_rows
        with_rows = self.client.list_jobs(state="SUCCEEDED", include_rows=True)
        self.assertTrue(all(j["state"] == "SUCCEEDED" for j in with_rows))
        self.assertEqual({j["job_id"]: j for j in with_rows}[job_id]["rows"], rows)
        self.assertEqual(len(self.client.list_jobs(limit=1)), 1)
        self.assertEqual(self.client.list_jobs(state="CANCELLED", include_rows=True),
                         [j for j in self.client.list_jobs(include_rows=True)
                          if j["state"] == "CANCELLED"])

    def test_watch(self) -> None:
        # Queued behind a long job, the small one is watched from its start: the long one is
        # cancelled once the watch has replayed the small one's QUEUED state.
        long_id = self.client.submit(LONG_SPEC)
        job_id = self.client.submit(SMALL_SPEC)
        events = []
        for event in self.client.watch(job_id):
            events.append(event)
            if len(events) == 1:
                self.assertEqual(event, {"state": "QUEUED", "error": ""})
                self.client.cancel(long_id)
        states = [e["state"] for e in events]
        order = ["QUEUED", "RUNNING", "SUCCEEDED"]
        self.assertTrue(all(s in order for s in states), states)
        self.assertEqual(states, sorted(states, key=order.index))  # never goes back
        self.assertEqual(states[-1], "SUCCEEDED")
        self.assertIn("RUNNING", states)
        row_events = [e for e in events if "row" in e]
        self.assertTrue(all(e["state"] == "RUNNING" for e in row_events), row_events)
        partial = [e["row"] for e in row_events if e["row"]["partial"]]
        final = [e["row"] for e in row_events if not e["row"]["partial"]]
        self.assertEqual({r["size_bytes"] for r in partial}, set(SMALL_SIZES))  # as passes end
        job = self.client.get(job_id)
        self.assertEqual([r["size_bytes"] for r in final], SMALL_SIZES)
        self.assertEqual(final, symmbench.rows(job))
        # Watching a finished job replays its rows and final state, then ends.
        replay = list(self.client.watch(job_id))
        self.assertEqual(replay[-1], {"state": "SUCCEEDED", "error": ""})
        self.assertEqual([e["row"] for e in replay if "row" in e], symmbench.rows(job))

    def test_cancel(self) -> None:
        job_id = self.client.submit(LONG_SPEC)
        for event in self.client.watch(job_id):  # leaving the loop ends the stream
            if event["state"] == "RUNNING":
                break
        self.assertEqual(self.client.get(job_id)["state"], "RUNNING")
        with self.assertRaises(symmbench.SymmbenchError) as timed_out:
            self.client.wait(job_id, timeout=1)
        self.assertEqual(timed_out.exception.code, grpc.StatusCode.DEADLINE_EXCEEDED)
        self.assertIn(job_id, timed_out.exception.message)

        cancelled = self.client.cancel(job_id)
        self.assertEqual(cancelled["job_id"], job_id)
        self.assertEqual(cancelled["state"], "CANCELLED")
        with self.assertRaises(symmbench.JobFailed) as failed:
            self.client.wait(job_id, timeout=JOB_GUARD_S)
        self.assertEqual(failed.exception.state, "CANCELLED")
        self.assertEqual(failed.exception.job["job_id"], job_id)
        self.assertIsNone(failed.exception.code)
        self.assertIsInstance(failed.exception, symmbench.SymmbenchError)
        self.assertEqual(self.client.wait(job_id, check=False)["state"], "CANCELLED")
        # Cancelling again is refused; an unknown job is NOT_FOUND.
        with self.assertRaises(symmbench.SymmbenchError) as again:
            self.client.cancel(job_id)
        self.assertEqual(again.exception.code, grpc.StatusCode.FAILED_PRECONDITION)
        self.assertIn("already ended", again.exception.message)
        with self.assertRaises(symmbench.SymmbenchError) as unknown:
            self.client.get("j-999999")
        self.assertEqual(unknown.exception.code, grpc.StatusCode.NOT_FOUND)
        self.assertEqual(unknown.exception.code_name, "NOT_FOUND")
        # The devices are free again (polled: the scheduler thread frees them).
        deadline = time.monotonic() + JOB_GUARD_S
        while any(d["job_id"] for d in self.client.devices()["devices"]):
            self.assertLess(time.monotonic(), deadline, "devices still held after the cancel")
            time.sleep(0.1)

    def test_bad_spec_names_the_field(self) -> None:
        cases = [
            ({"world_size": 0, "sweep": {"sizes_bytes": [2048]}}, "INVALID_ARGUMENT", "world_size"),
            ({"world_size": 2, "dtype": "fp32", "sweep": {"sizes_bytes": [1001]}},
             "INVALID_ARGUMENT", "sizes_bytes"),
            ({"world_size": 2, "iters": 0, "sweep": {"sizes_bytes": [2048]}},
             "INVALID_ARGUMENT", "iters"),
            ({"world_size": 2, "kernel": "three_shot"}, "INVALID_ARGUMENT", "kernel"),
            ({"world_size": 5, "sweep": {"sizes_bytes": [2048]}}, "RESOURCE_EXHAUSTED",
             "world_size"),
            # Refused by the client before any call: no such field, no such dtype.
            ({"world_size": 2, "wold_size": 2}, "INVALID_ARGUMENT", "wold_size"),
            ({"world_size": 2, "dtype": "int3"}, "INVALID_ARGUMENT", "int3"),
        ]
        for spec, code, field in cases:
            with self.subTest(spec=spec):
                with self.assertRaises(symmbench.SymmbenchError) as refused:
                    self.client.submit(spec)
                self.assertEqual(refused.exception.code_name, code, refused.exception.message)
                self.assertIn(field, refused.exception.message)
                self.assertIn(field, str(refused.exception))
        self.assertEqual(self.client.list_jobs(state="QUEUED"), [])  # nothing was queued

    def test_unreachable_address(self) -> None:
        address = f"127.0.0.1:{free_port()}"
        with symmbench.Client(address, timeout=JOB_GUARD_S) as client:
            with self.assertRaises(symmbench.SymmbenchError) as unreachable:
                client.devices()
        self.assertEqual(unreachable.exception.code, grpc.StatusCode.UNAVAILABLE)
        message = unreachable.exception.message
        self.assertIn(f"no coordinator answered at {address}", message)
        self.assertIn(f"symmbenchd --listen {address}", message)

    def test_token(self) -> None:
        directory = tempfile.mkdtemp(prefix="token.", dir=self.tmp)
        token_file = os.path.join(directory, "token")
        with open(os.open(token_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            f.write(TOKEN + "\n")
        daemon = Daemon(directory, ["--token-file", token_file])
        try:
            bad = {"world_size": 0}  # refused by validation, once past the token check
            with symmbench.Client(daemon.address) as anonymous:
                self.assertEqual(anonymous.devices()["backend"], "cpu")  # reads are public
                with self.assertRaises(symmbench.SymmbenchError) as refused:
                    anonymous.submit(bad)
                self.assertEqual(refused.exception.code, grpc.StatusCode.UNAUTHENTICATED)
                self.assertIn("SubmitJob", refused.exception.message)
            for client in (symmbench.Client(daemon.address, token=TOKEN),
                           symmbench.Client(daemon.address, token_file=token_file)):
                with client, self.assertRaises(symmbench.SymmbenchError) as invalid:
                    client.submit(bad)
                self.assertEqual(invalid.exception.code, grpc.StatusCode.INVALID_ARGUMENT)
                self.assertIn("world_size", invalid.exception.message)
        finally:
            daemon.stop()
        os.chmod(token_file, 0o644)
        with self.assertRaises(symmbench.SymmbenchError) as readable:
            symmbench.Client(daemon.address, token_file=token_file)
        self.assertIn("chmod 600", readable.exception.message)

    def test_tls(self) -> None:
        if not os.access(OPENSSL, os.X_OK):
            self.skipTest(f"{OPENSSL} not found: no certificates to test TLS with")
        pki = tempfile.mkdtemp(prefix="tls.", dir=self.tmp)
        path = lambda name: os.path.join(pki, name)  # noqa: E731
        self_signed = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                       "-nodes", "-days", "2"]
        for args in (
                self_signed + ["-keyout", path("server.key"), "-out", path("server.pem"),
                               "-subj", "/CN=localhost",
                               "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                self_signed + ["-keyout", path("ca.key"), "-out", path("ca.pem"),
                               "-subj", "/CN=symmbench test client CA"],
                ["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                 "-nodes", "-keyout", path("client.key"), "-out", path("client.csr"),
                 "-subj", "/CN=test client"],
                ["x509", "-req", "-in", path("client.csr"), "-CA", path("ca.pem"),
                 "-CAkey", path("ca.key"), "-CAcreateserial", "-out", path("client.pem"),
                 "-days", "2"]):
            subprocess.run([OPENSSL] + args, check=True, capture_output=True,
                           timeout=START_GUARD_S)
        for key in ("server.key", "ca.key", "client.key"):
            os.chmod(path(key), 0o600)
        daemon = Daemon(pki, ["--tls-cert", path("server.pem"), "--tls-key", path("server.key"),
                              "--tls-client-ca", path("ca.pem")])
        try:
            with symmbench.Client(daemon.address, tls_ca=path("server.pem"),
                                  tls_cert=path("client.pem"), tls_key=path("client.key"),
                                  tls_server_name="localhost") as client:
                self.assertEqual(client.devices()["backend"], "cpu")
            # Without the client certificate the calls are refused; in plaintext, or trusting
            # another CA, the connection fails.
            for refused, code in (
                    (symmbench.Client(daemon.address, tls_ca=path("server.pem")),
                     grpc.StatusCode.UNAUTHENTICATED),
                    (symmbench.Client(daemon.address), grpc.StatusCode.UNAVAILABLE),
                    (symmbench.Client(daemon.address, tls_ca=path("ca.pem"),
                                      tls_cert=path("client.pem"), tls_key=path("client.key")),
                     grpc.StatusCode.UNAVAILABLE)):
                with refused, self.assertRaises(symmbench.SymmbenchError) as failed:
                    refused.devices()
                self.assertEqual(failed.exception.code, code, failed.exception.message)
        finally:
            daemon.stop()
        with self.assertRaises(symmbench.SymmbenchError) as half:
            symmbench.Client(daemon.address, tls_ca=path("server.pem"), tls_cert=path("client.pem"))
        self.assertIn("tls_cert and tls_key", half.exception.message)


class JUnitResult(unittest.TextTestResult):
    """Also keeps each test's outcome for the JUnit XML (deploy/count-tests.py counts it)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cases: List[tuple] = []  # (name, failure text or "")

    def addSuccess(self, test) -> None:
        super().addSuccess(test)
        self.cases.append((test.id(), ""))

    def addFailure(self, test, err) -> None:
        super().addFailure(test, err)
        self.cases.append((test.id(), self._exc_info_to_string(err, test)))

    def addError(self, test, err) -> None:
        super().addError(test, err)
        self.cases.append((test.id(), self._exc_info_to_string(err, test)))

    def addSubTest(self, test, subtest, err) -> None:
        super().addSubTest(test, subtest, err)
        if err is not None:
            self.cases.append((subtest.id(), self._exc_info_to_string(err, test)))


def write_junit(path: str, cases: List[tuple]) -> None:
    suite = ET.Element("testsuite", name="python_client", tests=str(len(cases)),
                       failures=str(sum(1 for _, e in cases if e)))
    for name, error in cases:
        case = ET.SubElement(suite, "testcase", name=name.rsplit(".", 1)[-1], classname=name)
        if error:
            ET.SubElement(case, "failure", message=error.splitlines()[-1]).text = error
    root = ET.Element("testsuites")
    root.append(suite)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def main() -> int:
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(ClientTest)
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2,
                                     resultclass=JUnitResult).run(suite)
    if os.environ.get("XML_OUTPUT_FILE"):
        write_junit(os.environ["XML_OUTPUT_FILE"], result.cases)
    if not result.wasSuccessful() and ClientTest.__dict__.get("daemon") is not None:
        print("--- symmbenchd log ---\n" + ClientTest.daemon.log())
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
