// The plugin ABI versions this build speaks (plugin/symmbench_plugin.h), for the loader and for
// what the daemon lists.
#pragma once

#include <cstdint>

#include "plugin/symmbench_plugin.h"

namespace symmbench {

inline constexpr uint32_t kPluginAbiVersions[] = {SYMMBENCH_PLUGIN_ABI_VERSION};

}  // namespace symmbench
