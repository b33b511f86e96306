// Who may call what: every gRPC method is read-only, a worker method (authenticated by its
// job's secret in the Store and WorkerReport services) or mutating, and a call is admitted by
// the bearer token and/or a verified client certificate as the daemon's flags require.
// Plain functions (no gRPC) so the rules are unit-tested; auth_processor.h applies them.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace symmbench {

enum class MethodAccess {
  kReadOnly,  // reads state: public unless --read-only-calls token
  kWorker,    // a job's workers: the service checks the job's secret (x-symmbench-job-secret)
  kMutating,  // changes state or runs code on the devices: always needs the token
};

// The access class of a full method name, e.g. "/symmbench.v1.Coordinator/GetJob". A method
// missing from the table (a new RPC) is kMutating, so it needs the token until listed.
MethodAccess ClassifyMethod(std::string_view full_method);

struct AccessPolicy {
  std::string token;                 // bearer token; empty: no token required
  bool read_only_public = true;      // --read-only-calls public
  bool require_client_cert = false;  // --tls-client-ca: non-worker calls need a verified cert
};

// Whether a call may proceed: OK, or UNAUTHENTICATED naming the method and what is missing.
// `authorization` is the call's "authorization" metadata (null when absent);
// `peer_authenticated` says whether the TLS peer presented a verified client certificate.
absl::Status Authorize(const AccessPolicy& policy, std::string_view full_method,
                       const std::string* authorization, bool peer_authenticated);

}  // namespace symmbench
