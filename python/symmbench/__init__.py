# The Python client of symmbenchd: a thin, typed wrapper over the generated symmbench.v1 stubs
# (symmbench_pb2, symmbench_pb2_grpc) that takes and returns plain dicts.
"""Submit, follow and read symmbench benchmark jobs from Python.

    import symmbench

    with symmbench.Client("127.0.0.1:7070") as client:
        job_id = client.submit({"kernel": "one_shot_all_reduce", "world_size": 2,
                                "sweep": {"min_bytes": 2048, "max_bytes": 1 << 20,
                                          "step_factor": 4}})
        job = client.wait(job_id)
        for row in symmbench.rows(job):
            print(row["size_bytes"], row["time_us"], row["busbw_gbps"], row["wrong"])

Records are plain dicts with the proto's field names, as `symmbench ... --json` names them:
enums by value name ("SUCCEEDED", "bf16"), int64 fields as Python ints, every scalar and list
field present (0, "", False or [] where nothing applies). A message field that is not set
(an event's `row`, a row's `gemm`) is absent. Every failed call raises SymmbenchError with the
gRPC status code and the daemon's message; wait() raises JobFailed for a job that did not
succeed.
"""

from __future__ import annotations

import os
import stat
from typing import Any, Dict, Iterator, List, Mapping, Optional, Tuple, Union

import grpc
from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from symmbench import symmbench_pb2 as pb
from symmbench import symmbench_pb2_grpc as pb_grpc

__all__ = [
    "DEFAULT_ADDRESS",
    "DEFAULT_RPC_TIMEOUT_S",
    "FINAL_STATES",
    "Client",
    "JobFailed",
    "SymmbenchError",
    "rows",
    "to_dict",
]

# The CLI's defaults (symmbench --coordinator, --timeout-s).
DEFAULT_ADDRESS = "127.0.0.1:7070"
DEFAULT_RPC_TIMEOUT_S = 10.0
# The states a job ends in (JobState); wait() returns or raises once the job reaches one.
FINAL_STATES = frozenset({"SUCCEEDED", "FAILED", "CANCELLED"})
# The daemon's rule for a bearer token (security/secrets.h, kMinTokenLength).
_MIN_TOKEN_LENGTH = 16

Job = Dict[str, Any]
Row = Dict[str, Any]


class SymmbenchError(Exception):
    """A call to symmbenchd failed, or the client refused its arguments before calling.

    `code` is the gRPC status code (grpc.StatusCode.INVALID_ARGUMENT, UNAVAILABLE, NOT_FOUND...),
    `message` the daemon's message, which names the field of a spec it refused
    ("sizes_bytes[0]: 1001 is not a multiple of ..."). str(error) is "CODE: message".
    """

    def __init__(self, code: Optional[grpc.StatusCode], message: str) -> None:
        super().__init__(f"{code.name}: {message}" if code is not None else message)
        self.code = code
        self.message = message

    @property
    def code_name(self) -> str:
        """The status code's name as the CLI's --json prints it, e.g. "INVALID_ARGUMENT"."""
        return self.code.name if self.code is not None else ""


class JobFailed(SymmbenchError):
    """wait() found the job FAILED or CANCELLED. `job` is its final record (a dict), `state`
    its state and `message` its error ("rank 1: ..."); `code` is None: the calls succeeded."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.job_id: str = job.get("job_id", "")
        self.state: str = job.get("state", "")
        error = job.get("error", "")
        super().__init__(None, f"job {self.job_id} {self.state}" + (f": {error}" if error else ""))


def to_dict(message: Message) -> Dict[str, Any]:
    """A protobuf message of symmbench.v1 as the plain dict the client returns.

    json_format.MessageToDict with the proto's field names and every scalar and list field,
    then int64 fields back to ints and non-finite doubles back to floats (the proto3 JSON
    mapping writes them as strings).
    """
    d = json_format.MessageToDict(message, including_default_value_fields=True,
                                  preserving_proto_field_name=True)
    _restore_numbers(message.DESCRIPTOR, d)
    return d


_INT_TYPES = (FieldDescriptor.CPPTYPE_INT64, FieldDescriptor.CPPTYPE_UINT64)
_FLOAT_TYPES = (FieldDescriptor.CPPTYPE_DOUBLE, FieldDescriptor.CPPTYPE_FLOAT)


def _number(field: FieldDescriptor, value: Any) -> Any:
    if field.cpp_type in _INT_TYPES:
        return int(value)
    if field.cpp_type in _FLOAT_TYPES and isinstance(value, str):
        return float(value)  # "NaN", "Infinity", "-Infinity"
    return value


def _restore_numbers(descriptor: Descriptor, d: Dict[str, Any]) -> None:
    for name, value in d.items():
        field = descriptor.fields_by_name.get(name)
        if field is None:
            continue
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            value_field = field.message_type.fields_by_name["value"]
            for key in value:
                if value_field.message_type is not None:
                    _restore_numbers(value_field.message_type, value[key])
                else:
                    value[key] = _number(value_field, value[key])
        elif field.message_type is not None:
            for item in value if field.label == FieldDescriptor.LABEL_REPEATED else [value]:
                _restore_numbers(field.message_type, item)
        elif field.label == FieldDescriptor.LABEL_REPEATED:
            d[name] = [_number(field, v) for v in value]
        else:
            d[name] = _number(field, value)


def rows(job: Job) -> List[Row]:
    """The result rows of a job record (one per size, in size order), each a plain dict with
    size_bytes, count, dtype, time_us, algbw_gbps, busbw_gbps, wrong, reference, ...

    GetJob and ListJobs keep final rows only; watch() also shows partial ones."""
    return list(job.get("rows", []))


def _read_file(path: str, what: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise SymmbenchError(grpc.StatusCode.NOT_FOUND, f"{what} {path}: {e.strerror}") from None


def _read_token_file(path: str, what: str) -> str:
    """The token in `path`, by the CLI's rules: a file other users cannot read (nor its group
    write), its first line stripped, at least 16 printable characters without spaces."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise SymmbenchError(grpc.StatusCode.NOT_FOUND, f"{what} {path}: {e.strerror}") from None
    if mode & (stat.S_IRWXO | stat.S_IWGRP):
        raise SymmbenchError(
            grpc.StatusCode.PERMISSION_DENIED,
            f"{what} {path}: mode {stat.S_IMODE(mode):o} lets other users read or change it; "
            f"chmod 600 {path}")
    lines = _read_file(path, what).decode("utf-8", "replace").splitlines()
    return _check_token(lines[0].strip(" \t\r") if lines else "", f"{what} {path}")


def _check_token(token: str, what: str) -> str:
    if any(not 0x21 <= ord(c) <= 0x7E for c in token):
        raise SymmbenchError(grpc.StatusCode.INVALID_ARGUMENT,
                             f"{what}: the token must be printable ASCII without spaces")
    if len(token) < _MIN_TOKEN_LENGTH:
        raise SymmbenchError(
            grpc.StatusCode.INVALID_ARGUMENT,
            f"{what}: the token has {len(token)} characters; use at least {_MIN_TOKEN_LENGTH}")
    return token


class Client:
    """A connection to one symmbenchd, with the options of the `symmbench` CLI.

    address: host:port of symmbenchd; None takes $SYMMBENCH_COORDINATOR, else 127.0.0.1:7070.
    token / token_file: the bearer token, given or read from a file (mode 600 or 640); with
        neither, $SYMMBENCH_TOKEN_FILE when set. A daemon with --token-file needs it for the
        calls that change state (submit, cancel).
    tls_ca: connect with TLS, verifying the daemon's certificate with this CA (PEM file).
    tls_cert / tls_key: a client certificate and its key (PEM files) for a daemon started with
        --tls-client-ca; both or neither. Either turns TLS on.
    tls_server_name: the name expected in the daemon's certificate (default: the address' host).
    timeout: deadline of each unary call in seconds (the CLI's --timeout-s); wait() and watch()
        have their own.

    The channel connects lazily: an unreachable address raises SymmbenchError(UNAVAILABLE) at
    the first call. Use as a context manager, or call close().
    """

    def __init__(self, address: Optional[str] = None, *, token: Optional[str] = None,
                 token_file: Optional[str] = None, tls_ca: Optional[str] = None,
                 tls_cert: Optional[str] = None, tls_key: Optional[str] = None,
                 tls_server_name: Optional[str] = None,
                 timeout: float = DEFAULT_RPC_TIMEOUT_S) -> None:
        env_address = os.environ.get("SYMMBENCH_COORDINATOR", "")
        if address:
            self._address_source = "address"
        elif env_address:
            address, self._address_source = env_address, "SYMMBENCH_COORDINATOR"
        else:
            address, self._address_source = DEFAULT_ADDRESS, "the default"
        self.address: str = address
        self.timeout = float(timeout)

        if token is not None and token_file is not None:
            raise SymmbenchError(grpc.StatusCode.INVALID_ARGUMENT,
                                 "token and token_file: give one or neither")
        if token is not None:
            token = _check_token(token, "token")
        elif token_file is not None:
            token = _read_token_file(token_file, "token_file")
        elif os.environ.get("SYMMBENCH_TOKEN_FILE"):
            token = _read_token_file(os.environ["SYMMBENCH_TOKEN_FILE"], "SYMMBENCH_TOKEN_FILE")
        self._metadata: Tuple[Tuple[str, str], ...] = (
            (("authorization", "Bearer " + token),) if token else ())

        if (tls_cert is None) != (tls_key is None):
            raise SymmbenchError(
                grpc.StatusCode.INVALID_ARGUMENT,
                "tls_cert and tls_key: give both (a client certificate and its key) or neither")
        options: List[Tuple[str, Any]] = []
        if tls_ca is not None or tls_cert is not None:
            credentials = grpc.ssl_channel_credentials(
                root_certificates=_read_file(tls_ca, "tls_ca") if tls_ca else None,
                private_key=_read_file(tls_key, "tls_key") if tls_key else None,
                certificate_chain=_read_file(tls_cert, "tls_cert") if tls_cert else None)
            if tls_server_name:
                options.append(("grpc.ssl_target_name_override", tls_server_name))
            self._channel = grpc.secure_channel(address, credentials, options=options)
        else:
            self._channel = grpc.insecure_channel(address, options=options)
        self._stub = pb_grpc.CoordinatorStub(self._channel)

    # --- lifetime ---

    def close(self) -> None:
        """Closes the channel; calls after it fail."""
        self._channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- calls ---

    def devices(self) -> Dict[str, Any]:
        """ListDevices: the daemon's backend ("cuda" or "cpu"), its devices (index, kind, name,
        memory_bytes, job_id of the job holding it), the kernels SubmitJob accepts, the ops with
        what each is, its machine and its plugins."""
        return to_dict(self._unary("ListDevices", pb.ListDevicesRequest()))

    def submit(self, spec: Union[Mapping[str, Any], pb.JobSpec]) -> str:
        """SubmitJob; returns the job id ("j-000001"). The job is QUEUED, then runs when
        world_size devices are free.

        spec: the JobSpec as JSON with the proto's field names (what `symmbench submit --spec`
        reads), e.g. {"kernel": "one_shot_all_reduce", "world_size": 2, "iters": 20,
        "sweep": {"sizes_bytes": [2048, 65536]}}; or a symmbench_pb2.JobSpec. What it leaves
        unset gets the coordinator's defaults. A field the daemon refuses raises SymmbenchError
        (INVALID_ARGUMENT, RESOURCE_EXHAUSTED, FAILED_PRECONDITION) whose message names it; a
        key that is no JobSpec field is refused here, naming it, before any call.
        """
        request = pb.SubmitJobRequest(spec=_spec_message(spec))
        return self._unary("SubmitJob", request).job.job_id

    def get(self, job_id: str) -> Job:
        """GetJob: the job's record (job_id, spec, state, error, rows, devices, machine...).
        NOT_FOUND for an unknown job."""
        return to_dict(self._unary("GetJob", pb.GetJobRequest(job_id=job_id)))

    def list_jobs(self, *, state: Optional[str] = None, limit: Optional[int] = None,
                  include_rows: bool = False) -> List[Job]:
        """ListJobs, newest first, following the pages: every job, or the first `limit`.

        state: only jobs in this state ("QUEUED", "RUNNING", "SUCCEEDED", "FAILED",
        "CANCELLED"); include_rows: also their rows (left out otherwise)."""
        if limit is not None and limit < 1:
            raise SymmbenchError(grpc.StatusCode.INVALID_ARGUMENT,
                                 f"limit: {limit} is not a positive number of jobs")
        state_value = _job_state(state) if state is not None else 0
        jobs: List[Job] = []
        page_token = ""
        while limit is None or len(jobs) < limit:
            page_size = min(100, limit - len(jobs)) if limit is not None else 100
            response = self._unary("ListJobs", pb.ListJobsRequest(
                limit=page_size, include_rows=include_rows, state=state_value,
                page_token=page_token))
            jobs.extend(to_dict(job) for job in response.jobs)
            page_token = response.next_page_token
            if not page_token:
                break
        return jobs[:limit] if limit is not None else jobs

    def watch(self, job_id: str) -> Iterator[Dict[str, Any]]:
        """WatchJob: the job's events as they happen, each {"state", "error"} and, when the
        event is a result row, "row". The first events replay the current state and stored
        rows; then every state change and every new row (partial rows, "partial": True, per
        size and pass; then the final ones); the iteration ends after a final state, or when the
        daemon stops. No deadline: a job may run for hours. Leaving the loop early ends the
        stream."""
        call = self._stub.WatchJob(pb.WatchJobRequest(job_id=job_id), metadata=self._metadata)
        try:
            for event in call:
                yield to_dict(event)
        except grpc.RpcError as e:
            raise self._error(e) from None
        finally:
            call.cancel()

    def wait(self, job_id: str, timeout: Optional[float] = None, *,
             check: bool = True) -> Job:
        """Follows the job (WatchJob) until it ends and returns its final record (GetJob).

        timeout: seconds to wait at most (None: no limit); past it SymmbenchError
        (DEADLINE_EXCEEDED) is raised and the job goes on. check: raise JobFailed (carrying the
        record) when the job ends FAILED or CANCELLED; with check=False the record is returned
        whatever the final state. A watch that ends before a final state (the daemon stopped)
        raises SymmbenchError(ABORTED)."""
        state = ""
        call = self._stub.WatchJob(pb.WatchJobRequest(job_id=job_id), metadata=self._metadata,
                                   timeout=timeout)
        try:
            for event in call:
                state = pb.JobState.Name(event.state)
        except grpc.RpcError as e:
            if e.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise SymmbenchError(
                    grpc.StatusCode.DEADLINE_EXCEEDED,
                    f"job {job_id} did not finish within {timeout} s (state {state or 'unknown'});"
                    " it goes on: wait again, or cancel it") from None
            raise self._error(e) from None
        finally:
            call.cancel()
        job = self.get(job_id)
        if job["state"] not in FINAL_STATES:
            why = (": the daemon stopped; the job stays queued and runs when symmbenchd starts "
                   "again on its database" if job["state"] == "QUEUED" else "")
            raise SymmbenchError(
                grpc.StatusCode.ABORTED,
                f"WatchJob for {job_id} ended before the job finished (state {job['state']}{why})")
        if check and job["state"] != "SUCCEEDED":
            raise JobFailed(job)
        return job

    def cancel(self, job_id: str) -> Job:
        """CancelJob: kills the job's workers (or takes it off the queue) and frees its devices;
        returns the record after cancellation (state CANCELLED). NOT_FOUND for an unknown job;
        a job that has already ended is refused with the daemon's reason."""
        return to_dict(self._unary("CancelJob", pb.CancelJobRequest(job_id=job_id)).job)

    def rows(self, job: Union[Job, str]) -> List[Row]:
        """The final rows of a job record, or of the job with this id (GetJob)."""
        return rows(self.get(job) if isinstance(job, str) else job)

    # --- internals ---

    def _unary(self, method: str, request: Message) -> Any:
        try:
            return getattr(self._stub, method)(request, timeout=self.timeout,
                                               metadata=self._metadata)
        except grpc.RpcError as e:
            raise self._error(e) from None

    def _error(self, e: grpc.RpcError) -> SymmbenchError:
        code: grpc.StatusCode = e.code()  # type: ignore[attr-defined]
        details: str = e.details() or ""  # type: ignore[attr-defined]
        if code == grpc.StatusCode.UNAVAILABLE:
            details = (f"no coordinator answered at {self.address} ({self._address_source}): "
                       f"{details}. Start one there with `symmbenchd --listen {self.address}`, "
                       f"or pass Client(address=...) or set SYMMBENCH_COORDINATOR")
        elif code == grpc.StatusCode.DEADLINE_EXCEEDED:
            details += f" (coordinator {self.address}; timeout {self.timeout:g} s)"
        return SymmbenchError(code, details)


def _spec_message(spec: Union[Mapping[str, Any], pb.JobSpec]) -> pb.JobSpec:
    if isinstance(spec, pb.JobSpec):
        return spec
    try:
        return json_format.ParseDict(dict(spec), pb.JobSpec())
    except (json_format.ParseError, TypeError, ValueError) as e:
        # The first line names the field; protobuf then lists every field by its JSON name.
        raise SymmbenchError(grpc.StatusCode.INVALID_ARGUMENT,
                             f"spec: {str(e).splitlines()[0]}") from None


def _job_state(state: str) -> int:
    try:
        return pb.JobState.Value(state)
    except ValueError:
        names = ", ".join(n for n in pb.JobState.keys() if n != "JOB_STATE_UNSPECIFIED")
        raise SymmbenchError(grpc.StatusCode.INVALID_ARGUMENT,
                             f"state: {state!r} is not a job state ({names})") from None
