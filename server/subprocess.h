// RunCommand: runs a program to completion with its output captured (the Slurm commands).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace symmbench {

struct CommandOutput {
  int exit_code = 0;  // the program's exit code; 128 + N when signal N ended it
  std::string out;    // stdout, at most 1 MiB kept
  std::string err;    // stderr, at most 1 MiB kept
};

// Runs argv (argv[0] looked up in PATH) with stdin from /dev/null and `env` as its environment
// (nullptr: this process's), waiting at most `timeout`. A non-zero exit is not an error: the
// caller reads exit_code. NOT_FOUND when the program cannot be started (named);
// DEADLINE_EXCEEDED (the program SIGKILLed) when it runs longer than `timeout`.
absl::StatusOr<CommandOutput> RunCommand(const std::vector<std::string>& argv,
                                         const std::vector<std::string>* env,
                                         std::chrono::milliseconds timeout);

}  // namespace symmbench
