// FactoryTable: a backend's implementations of the registry's ops (kernels/ops/registry.h),
// each added by the op's own kernel file, so that a new op touches no backend file:
//
//   // kernels/cpu/broadcast_cpu.cc
//   [[maybe_unused]] const bool kRegistered =
//       CpuCollectives().Add(ops::kBroadcast, &NewBroadcastCpu);
//
// (TensorFlow's REGISTER_KERNEL_BUILDER, PyTorch's TORCH_LIBRARY_IMPL.) The kernel's Bazel
// target must be `alwayslink = True`, or the linker drops the file with its registration:
// bazel/kernels.bzl's kernel_op makes it so.
// Entries are added during static initialisation, before main, and only read afterwards, so
// readers need no lock. Each backend's test checks that its table holds every op of the
// registry exactly once.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace symmbench {

template <typename Factory>
class FactoryTable {
 public:
  // Adds `factory` as the implementation of op `name`. Returns true, for the namespace-scope
  // `const bool kRegistered = ...` idiom above. A second entry of the same name is kept (and
  // never found): the backend's test reports it.
  bool Add(std::string name, Factory factory) {
    entries_.push_back({std::move(name), factory});
    return true;
  }

  // The first implementation of `name`, or nullptr.
  Factory Find(std::string_view name) const {
    for (const Entry& entry : entries_) {
      if (entry.name == name) return entry.factory;
    }
    return nullptr;
  }

  // Every entry's name, sorted; a name added twice appears twice.
  std::vector<std::string> Names() const {
    std::vector<std::string> names;
    for (const Entry& entry : entries_) names.push_back(entry.name);
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  struct Entry {
    std::string name;
    Factory factory;
  };
  std::vector<Entry> entries_;
};

}  // namespace symmbench
