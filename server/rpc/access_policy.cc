// The method table and the admission rule.
#include "server/rpc/access_policy.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "security/secrets.h"

namespace symmbench {
namespace {

// Every method that is not kMutating. Keep it short and explicit: anything new that changes
// state (SubmitJob, CancelJob, SetDispatchTable, baselines, ...) stays out of it.
const std::map<std::string_view, MethodAccess>& MethodTable() {
  static const auto* table = new std::map<std::string_view, MethodAccess>{
      {"/symmbench.v1.Coordinator/GetJob", MethodAccess::kReadOnly},
      {"/symmbench.v1.Coordinator/ListJobs", MethodAccess::kReadOnly},
      {"/symmbench.v1.Coordinator/WatchJob", MethodAccess::kReadOnly},
      {"/symmbench.v1.Coordinator/ListDevices", MethodAccess::kReadOnly},
      {"/symmbench.v1.Coordinator/ListDispatchTables", MethodAccess::kReadOnly},
      {"/symmbench.v1.Coordinator/ListBaselines", MethodAccess::kReadOnly},
      {"/symmbench.v1.Coordinator/GetBaseline", MethodAccess::kReadOnly},
      {"/grpc.health.v1.Health/Check", MethodAccess::kReadOnly},
      {"/grpc.health.v1.Health/Watch", MethodAccess::kReadOnly},
      {"/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo", MethodAccess::kReadOnly},
      {"/symmbench.v1.Store/Set", MethodAccess::kWorker},
      {"/symmbench.v1.Store/Get", MethodAccess::kWorker},
      {"/symmbench.v1.Store/Add", MethodAccess::kWorker},
      {"/symmbench.v1.Store/Wait", MethodAccess::kWorker},
      {"/symmbench.v1.Store/CompareSet", MethodAccess::kWorker},
      {"/symmbench.v1.Store/Delete", MethodAccess::kWorker},
      {"/symmbench.v1.WorkerReport/ReportRow", MethodAccess::kWorker},
      {"/symmbench.v1.WorkerReport/ReportFailure", MethodAccess::kWorker},
      {"/symmbench.v1.WorkerReport/ReportPlacement", MethodAccess::kWorker},
      {"/symmbench.v1.WorkerReport/ReportDone", MethodAccess::kWorker},
  };
  return *table;
}

}  // namespace

MethodAccess ClassifyMethod(std::string_view full_method) {
  auto it = MethodTable().find(full_method);
  return it == MethodTable().end() ? MethodAccess::kMutating : it->second;
}

absl::Status Authorize(const AccessPolicy& policy, std::string_view full_method,
                       const std::string* authorization, bool peer_authenticated) {
  const MethodAccess access = ClassifyMethod(full_method);
  const std::string method(full_method);  // Debian's absl::StrCat takes no std::string_view
  if (access == MethodAccess::kWorker) return absl::OkStatus();
  if (policy.require_client_cert && !peer_authenticated) {
    return absl::UnauthenticatedError(absl::StrCat(
        method, ": a client certificate signed by the daemon's --tls-client-ca is required"));
  }
  if (policy.token.empty()) return absl::OkStatus();
  if (access == MethodAccess::kReadOnly && policy.read_only_public) return absl::OkStatus();
  if (authorization == nullptr) {
    return absl::UnauthenticatedError(
        absl::StrCat(method,
                     " needs the bearer token (metadata \"authorization: Bearer "
                     "<token>\"; symmbench --token-file FILE)"));
  }
  const std::string_view header(*authorization);
  const std::string_view prefix(kBearerPrefix);
  if (header.substr(0, prefix.size()) != prefix ||
      !ConstantTimeEquals(header.substr(prefix.size()), policy.token)) {
    return absl::UnauthenticatedError(absl::StrCat(method, ": the bearer token is wrong"));
  }
  return absl::OkStatus();
}

}  // namespace symmbench
