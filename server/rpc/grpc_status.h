// Conversion of absl::Status to grpc::Status (same code, the message at most 2 KiB:
// BoundedMessage), used once per RPC by the thin service adapters.
#pragma once

#include <grpcpp/grpcpp.h>

#include "absl/status/status.h"
#include "common/quote.h"

namespace symmbench {

inline grpc::Status ToGrpc(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  // Bounded whatever a message quotes: a status past the client's metadata limit would hide the
  // refusal behind a transport error.
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()),
                      BoundedMessage(status.message()));
}

}  // namespace symmbench
