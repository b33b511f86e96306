// What the GEMM ops' row checks (GemmCollective::RefillInputs, CheckRows, TakeRowChecks) must
// do on one rank, shared by every backend's GEMM-op tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/backend.h"
#include "kernels/gemm_collective.h"

namespace symmbench::test_util {

// Prepare(problem, seed), then 3 operations of `variant`, each on inputs redrawn from a seed of
// its own and its C checked by rows; what they found (a failed call fails the test and gives
// wrong_rows -1).
inline GemmRowCheck RunRowChecks(Backend* backend, GemmCollective* op, const GemmProblem& problem,
                                 GemmVariant variant, uint64_t seed) {
  absl::Status s = op->Prepare(problem, seed);
  for (int k = 0; s.ok() && k < 3; ++k) {
    s = op->RefillInputs(seed + 100 + k);
    if (s.ok()) s = op->Run(variant);
    if (s.ok()) s = op->CheckRows(seed + 100 + k, k);
  }
  if (s.ok()) s = backend->Synchronize();
  EXPECT_TRUE(s.ok()) << s;
  absl::StatusOr<GemmRowCheck> found = op->TakeRowChecks();
  EXPECT_TRUE(found.ok()) << found.status();
  return found.ok() ? *found : GemmRowCheck{-1, -1, -1, 1e30};
}

// Row checks of fresh inputs: no row is off, and the roundoff is seen (ratio > 0) but well
// inside the bound.
inline void ExpectRowChecksPass(const GemmRowCheck& found) {
  EXPECT_EQ(found.wrong_rows, 0) << "operation " << found.operation << " row " << found.first_row
                                 << " ratio " << found.worst_ratio;
  EXPECT_EQ(found.operation, -1);
  EXPECT_EQ(found.first_row, -1);
  EXPECT_GT(found.worst_ratio, 0.0);
  EXPECT_LT(found.worst_ratio, 1.0);
}

// A C made from other inputs than the checked seed's (a one-rank op, its C of problem.m rows):
// a wrong row's checksum lands inside the bound only by chance (|got - want| ~ sqrt(2)
// ||C_row|| |N(0, 1)| against 10 u ||C_row||: about 2% of rows in bf16), so nearly every row is
// wrong and the first wrong row is at most the number that passed; the findings are cleared
// once taken.
inline void ExpectRowChecksCatchAWrongC(Backend* backend, GemmCollective* op,
                                        const GemmProblem& problem, uint64_t seed) {
  ASSERT_TRUE(op->Prepare(problem, seed).ok());
  ASSERT_TRUE(op->RefillInputs(seed + 1).ok());
  ASSERT_TRUE(op->Run(GemmVariant::kFused).ok());
  ASSERT_TRUE(op->CheckRows(seed + 2, 0).ok());
  ASSERT_TRUE(backend->Synchronize().ok());
  absl::StatusOr<GemmRowCheck> found = op->TakeRowChecks();
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_GE(found->wrong_rows, problem.m * 9 / 10);
  EXPECT_LE(found->wrong_rows, problem.m);
  EXPECT_EQ(found->operation, 0);
  EXPECT_GE(found->first_row, 0);
  EXPECT_LE(found->first_row, problem.m - found->wrong_rows);
  EXPECT_GT(found->worst_ratio, 1.0);
  found = op->TakeRowChecks();
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_EQ(found->wrong_rows, 0);
  EXPECT_EQ(found->worst_ratio, 0.0);
}

}  // namespace symmbench::test_util
