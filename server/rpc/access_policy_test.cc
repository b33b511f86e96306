// Tests for the method table (new methods need the token) and the admission rule.
#include "server/rpc/access_policy.h"

#include <gtest/gtest.h>

#include <vector>

namespace symmbench {
namespace {

constexpr char kSubmit[] = "/symmbench.v1.Coordinator/SubmitJob";
constexpr char kGetJob[] = "/symmbench.v1.Coordinator/GetJob";
const std::string kToken = "0123456789abcdef-token";
const std::string kGood = "Bearer " + kToken;

TEST(AccessPolicyTest, ClassifiesMethodsAndDefaultsToMutating) {
  EXPECT_EQ(ClassifyMethod(kSubmit), MethodAccess::kMutating);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Coordinator/CancelJob"), MethodAccess::kMutating);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Coordinator/SetDispatchTable"), MethodAccess::kMutating);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Coordinator/SaveBaseline"), MethodAccess::kMutating);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Coordinator/ImportBaseline"), MethodAccess::kMutating);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Coordinator/ListBaselines"), MethodAccess::kReadOnly);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Coordinator/GetBaseline"), MethodAccess::kReadOnly);
  EXPECT_EQ(ClassifyMethod(kGetJob), MethodAccess::kReadOnly);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Coordinator/WatchJob"), MethodAccess::kReadOnly);
  EXPECT_EQ(ClassifyMethod("/grpc.health.v1.Health/Check"), MethodAccess::kReadOnly);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Store/Wait"), MethodAccess::kWorker);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.WorkerReport/ReportRow"), MethodAccess::kWorker);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.WorkerReport/ReportPlacement"), MethodAccess::kWorker);
  EXPECT_EQ(ClassifyMethod("/symmbench.v1.Store/Nuke"), MethodAccess::kMutating);
  EXPECT_EQ(ClassifyMethod(""), MethodAccess::kMutating);
}

TEST(AccessPolicyTest, NoTokenConfiguredAdmitsEverything) {
  AccessPolicy open;
  EXPECT_TRUE(Authorize(open, kSubmit, nullptr, false).ok());
}

TEST(AccessPolicyTest, PublicReadsTokenForWrites) {
  AccessPolicy policy{kToken, /*read_only_public=*/true, false};
  EXPECT_TRUE(Authorize(policy, kGetJob, nullptr, false).ok());
  absl::Status missing = Authorize(policy, kSubmit, nullptr, false);
  EXPECT_EQ(missing.code(), absl::StatusCode::kUnauthenticated);
  EXPECT_NE(missing.message().find(kSubmit), std::string::npos) << missing;
  EXPECT_TRUE(Authorize(policy, kSubmit, &kGood, false).ok());
  for (const std::string& bad :
       std::vector<std::string>{"Bearer wrong-token-0123456", "Bearer " + kToken + "x",
                                "Basic " + kToken, kToken, std::string("Bearer ")}) {
    absl::Status status = Authorize(policy, kSubmit, &bad, false);
    EXPECT_EQ(status.code(), absl::StatusCode::kUnauthenticated) << bad;
    EXPECT_NE(status.message().find("wrong"), std::string::npos) << status;
  }
}

TEST(AccessPolicyTest, TokenModeCoversReadsButNotWorkerCalls) {
  AccessPolicy policy{kToken, /*read_only_public=*/false, false};
  EXPECT_EQ(Authorize(policy, kGetJob, nullptr, false).code(), absl::StatusCode::kUnauthenticated);
  EXPECT_TRUE(Authorize(policy, kGetJob, &kGood, false).ok());
  EXPECT_TRUE(Authorize(policy, "/symmbench.v1.Store/Get", nullptr, false).ok());
}

TEST(AccessPolicyTest, ClientCertificateRequiredExceptForWorkerCalls) {
  AccessPolicy policy{"", true, /*require_client_cert=*/true};
  absl::Status status = Authorize(policy, kGetJob, nullptr, false);
  EXPECT_EQ(status.code(), absl::StatusCode::kUnauthenticated);
  EXPECT_NE(status.message().find("--tls-client-ca"), std::string::npos) << status;
  EXPECT_TRUE(Authorize(policy, kGetJob, nullptr, true).ok());
  EXPECT_TRUE(Authorize(policy, "/symmbench.v1.Store/Wait", nullptr, false).ok());
}

}  // namespace
}  // namespace symmbench
