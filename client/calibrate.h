// `symmbench calibrate`: runs kernel "calibrate" on this coordinator's devices, which measures
// the machine's ceilings (peer-copy bandwidth, latency floor, GEMM rate) and keeps them with the
// machine's record; later rows report their roofline fractions against them.
#pragma once

#include <iosfwd>
#include <string>

#include "client/commands.h"

namespace symmbench::client {

class CommandLine;

struct CalibrateOptions {
  int world_size = 0;               // 0: every device of the coordinator
  std::string copy_bytes = "256M";  // size of the peer copy timed
  int warmup = 10;
  int iters = 50;
};

// Prints the ceilings (table or JSON: the job object). 0 when the job SUCCEEDED.
int RunCalibrate(const GlobalOptions& global, const CalibrateOptions& options, std::ostream& out,
                 std::ostream& err);

// Adds `calibrate`, its flags and its run to the command line.
void AddCalibrateCommand(CommandLine* cli);

}  // namespace symmbench::client
