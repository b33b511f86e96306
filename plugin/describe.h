// What the daemon lists of a plugin library (v1::Plugin), read by opening it: `symmbench-worker
// --describe-plugin PATH` prints it as JSON, so that a library that crashes on load takes down
// a short-lived worker rather than the daemon.
#pragma once

#include <string>

#include "proto/symmbench.pb.h"

namespace symmbench {

// The library at `path` (absolute) as v1::Plugin: name (the file name without ".so"), ABI
// version, description, version, backend and every op with its kernel name "<name>:<op>". A
// library that cannot be used comes back with `error` set (PluginLibrary::Open's message) and
// whatever could be read before it.
v1::Plugin DescribePlugin(const std::string& path);

}  // namespace symmbench
