// A job of two all-reduce rows at world size 2, as a CUDA run stores it (each rank's figures,
// sample statistics, two ranks on one host), for the report tests.
#pragma once

#include <cstdint>
#include <vector>

#include "proto/symmbench.pb.h"

namespace symmbench::client {

// A bf16 sum row of `size` bytes whose rank r has {median, mean, min[, straggler]} =
// rank_stats[r]; its time is the slowest median, busbw 1.5 x algbw, reference 20 us.
v1::ResultRow Row(int64_t size, std::vector<std::vector<double>> rank_stats);

// Job j-000007: one_shot_all_reduce, 2048 to 8192 bytes (step 4), iters 20, warm-up 5, 5
// repeats, NCCL 2.28.9, 2025-11-26 10:00:00 to 10:00:09 UTC, ranks 0 and 1 on node1, rows
// Row(2048, {{10, 11, 9}, {12, 14, 8, straggler}}) and Row(8192, {{16, 18, 15}, {20, 22, 19}}).
v1::Job Job();

}  // namespace symmbench::client
