/* no_describe_cpu: a plugin that exports symmbench_plugin_abi_version only (no describe). */
#include "plugin/symmbench_plugin.h"

SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void) {
  return SYMMBENCH_PLUGIN_ABI_VERSION;
}
