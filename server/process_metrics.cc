// ProcessCollectable: /proc/self/stat, /proc/stat's btime, /proc/self/fd and RLIMIT_NOFILE.
#include "server/process_metrics.h"

#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace symmbench {
namespace {

prometheus::MetricFamily Family(const char* name, const char* help, prometheus::MetricType type,
                                double value) {
  prometheus::MetricFamily family;
  family.name = name;
  family.help = help;
  family.type = type;
  prometheus::ClientMetric metric;
  if (type == prometheus::MetricType::Counter) {
    metric.counter.value = value;
  } else {
    metric.gauge.value = value;
  }
  family.metric.push_back(metric);
  return family;
}

// Seconds since the epoch at which the system booted (/proc/stat btime); -1 if unknown.
double BootTime() {
  std::ifstream in("/proc/stat");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("btime ", 0) == 0) return std::stod(line.substr(6));
  }
  return -1;
}

}  // namespace

std::vector<prometheus::MetricFamily> ProcessCollectable::Collect() const {
  std::vector<prometheus::MetricFamily> out;
  const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  std::ifstream stat_file("/proc/self/stat");
  std::string stat;
  std::getline(stat_file, stat);
  // Fields after the command (in parentheses, which may hold spaces): state is field 3.
  const size_t close = stat.rfind(')');
  if (close != std::string::npos && ticks > 0) {
    std::istringstream fields(stat.substr(close + 2));
    std::vector<std::string> f;
    for (std::string x; fields >> x;) f.push_back(x);
    // f[0] is field 3 (state): utime 14, stime 15, starttime 22, vsize 23, rss 24.
    if (f.size() > 21) {
      const double utime = std::stod(f[11]), stime = std::stod(f[12]);
      out.push_back(Family("process_cpu_seconds_total",
                           "Total user and system CPU time spent in seconds.",
                           prometheus::MetricType::Counter, (utime + stime) / ticks));
      out.push_back(Family("process_virtual_memory_bytes", "Virtual memory size in bytes.",
                           prometheus::MetricType::Gauge, std::stod(f[20])));
      out.push_back(Family("process_resident_memory_bytes", "Resident memory size in bytes.",
                           prometheus::MetricType::Gauge,
                           std::stod(f[21]) * static_cast<double>(sysconf(_SC_PAGESIZE))));
      if (const double boot = BootTime(); boot >= 0) {
        out.push_back(Family("process_start_time_seconds",
                             "Start time of the process since unix epoch in seconds.",
                             prometheus::MetricType::Gauge, boot + std::stod(f[19]) / ticks));
      }
    }
  }
  if (DIR* dir = opendir("/proc/self/fd"); dir != nullptr) {
    int fds = 0;
    while (const dirent* entry = readdir(dir)) fds += entry->d_name[0] != '.';
    closedir(dir);
    out.push_back(Family("process_open_fds", "Number of open file descriptors.",
                         prometheus::MetricType::Gauge, fds - 1));  // less the one listing
  }
  if (rlimit limit{}; getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    out.push_back(Family("process_max_fds", "Maximum number of open file descriptors.",
                         prometheus::MetricType::Gauge, static_cast<double>(limit.rlim_cur)));
  }
  return out;
}

}  // namespace symmbench
