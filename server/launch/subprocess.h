// RunCommand: runs a program to completion with its output captured (the Slurm commands).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace symmbench {

struct CommandOutput {
  int exit_code = 0;  // the program's exit code; 128 + N when signal N ended it
  std::string out;    // stdout, at most 1 MiB kept
  std::string err;    // stderr, at most 1 MiB kept
};

// What RunCaptured saw of one run.
struct CapturedRun {
  int spawn_error = 0;     // errno of a start that failed (nothing ran); 0 when it ran
  bool timed_out = false;  // the program was SIGKILLed at the deadline (exit_code 137)
  int exit_code = -1;      // the exit code; 128 + N when signal N ended it
  std::string out;         // stdout, at most `max_captured` bytes kept
  std::string err;         // stderr, likewise
};

// The mechanism under RunCommand, for callers that want the output of a program that ran past
// its deadline too (the tests' RunCommand): runs argv (argv[0] looked up in PATH) with stdin
// from /dev/null and `env` as its environment (nullptr: this process's), drains stdout and
// stderr until both close or `timeout` passes (then SIGKILL), and reaps the program.
CapturedRun RunCaptured(const std::vector<std::string>& argv, const std::vector<std::string>* env,
                        std::chrono::milliseconds timeout, size_t max_captured);

// Runs argv (argv[0] looked up in PATH) with stdin from /dev/null and `env` as its environment
// (nullptr: this process's), waiting at most `timeout`. A non-zero exit is not an error: the
// caller reads exit_code. NOT_FOUND when the program cannot be started (named);
// DEADLINE_EXCEEDED (the program SIGKILLed) when it runs longer than `timeout`.
absl::StatusOr<CommandOutput> RunCommand(const std::vector<std::string>& argv,
                                         const std::vector<std::string>* env,
                                         std::chrono::milliseconds timeout);

}  // namespace symmbench
