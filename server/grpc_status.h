// Conversion of absl::Status to grpc::Status (same code, same message), used once per RPC by
// the thin service adapters.
#pragma once

#include <grpcpp/grpcpp.h>

#include "absl/status/status.h"

namespace symmbench {

inline grpc::Status ToGrpc(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()),
                      std::string(status.message()));
}

}  // namespace symmbench
