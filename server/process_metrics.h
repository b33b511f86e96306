// ProcessCollectable: the standard process_* metrics of Prometheus' client libraries (CPU time,
// memory, start time, file descriptors) for the daemon itself, read from /proc at each scrape.
#pragma once

#include <vector>

#include "prometheus/collectable.h"
#include "prometheus/metric_family.h"

namespace symmbench {

// process_cpu_seconds_total, process_resident_memory_bytes, process_virtual_memory_bytes,
// process_start_time_seconds, process_open_fds, process_max_fds, as the Go and Python clients
// name them. A value that cannot be read (no /proc) is left out, never reported as 0.
class ProcessCollectable : public prometheus::Collectable {
 public:
  std::vector<prometheus::MetricFamily> Collect() const override;
};

}  // namespace symmbench
