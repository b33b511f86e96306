// The plugin ABI versions this build speaks (plugin/symmbench_plugin.h) and the limits it sets
// on a description, for the loader, what the daemon lists and the spec's checks.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plugin/symmbench_plugin.h"

namespace symmbench {

// Version 1 differs only in comm->abort_word on CUDA (NULL there); PluginAbortWord decides it.
inline constexpr uint32_t kPluginAbiVersions[] = {1, SYMMBENCH_PLUGIN_ABI_VERSION};

// Limits on a description (the header states them to plugin authors).
inline constexpr int kMaxPluginOps = 64;
inline constexpr size_t kMaxPluginOpNameLength = 64;
inline constexpr uint32_t kMaxBufferBytesPerMessageByte = 64;
inline constexpr uint64_t kMaxPluginBufferBytesFixed = uint64_t{1} << 40;
inline constexpr uint64_t kMaxPluginSignalPadBytes = 1 << 20;

}  // namespace symmbench
