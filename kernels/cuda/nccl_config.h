// How NCCL was configured in this process, for the rows whose references are NCCL's: so that a
// speedup says what it is against (NVLink SHARP off, a forced protocol or algorithm...).
#pragma once

#include <string>

namespace symmbench {

// "nccl 2.28.9" (the library loaded, ncclGetVersion), then each NCCL_* variable of this
// process's environment that can change what NCCL runs, sorted, as "NAME=value", separated by
// spaces: e.g. "nccl 2.28.9 NCCL_NVLS_ENABLE=0 NCCL_PROTO=Simple". Left out: the variables that
// only change logging (NCCL_DEBUG, NCCL_DEBUG_FILE, NCCL_DEBUG_SUBSYS) and NCCL_VERSION, which
// container images set to the version they shipped (not necessarily the library loaded).
std::string NcclConfig();

}  // namespace symmbench
