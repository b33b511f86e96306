// What a binary was built from (see build_info.h).
#include "common/build_info.h"

#include "absl/strings/str_cat.h"
#include "common/build_stamp.h"

namespace symmbench {

BuildInfo GetBuildInfo() {
  return {kVersion, SYMMBENCH_GIT_REVISION, SYMMBENCH_BUILD_TIME, SYMMBENCH_BUILT_CUDA,
          SYMMBENCH_BUILT_NCCL};
}

std::string VersionText(const std::string& program) {
  const BuildInfo info = GetBuildInfo();
  return absl::StrCat(program, " ", info.version, " (git ", info.git_revision, ", built ",
                      info.build_time, "; CUDA ", info.cuda_version, ", NCCL ", info.nccl_version,
                      ")");
}

}  // namespace symmbench
