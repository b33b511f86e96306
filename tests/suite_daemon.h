// SuiteDaemonTest: the base of a gtest fixture whose tests share one symmbenchd (CPU backend),
// for the end-to-end job tests that submit many small jobs.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/test_util.h"

namespace symmbench::testing {

// The suite's tests share one daemon with kSlots CPU slots (and its job history), started before
// the suite's first test in a fresh directory named after the suite, and stopped after its last.
// Base is ::testing::Test or ::testing::TestWithParam<T>.
template <typename Base, int kSlots = 4>
class SuiteDaemonTest : public Base {
 protected:
  static void SetUpTestSuite() {
    const ::testing::TestSuite* suite = ::testing::UnitTest::GetInstance()->current_test_suite();
    std::string name = suite != nullptr ? suite->name() : "suite";
    std::replace(name.begin(), name.end(), '/', '_');  // "Instance/Suite" of a parameterized one
    daemon_ = new Daemon(MakeTempDir(name), kSlots);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  static void TearDownTestSuite() {
    delete daemon_;
    daemon_ = nullptr;
  }
  static inline Daemon* daemon_ = nullptr;
};

}  // namespace symmbench::testing
