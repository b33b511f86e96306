#include "server/metrics_exposer.h"

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace symmbench {

void DestroyExposer(std::unique_ptr<prometheus::Exposer> exposer, const std::string& host,
                    int port) {
  if (exposer == nullptr) return;
  std::string target = host;
  if (target.size() >= 2 && target.front() == '[' && target.back() == ']') {
    target = target.substr(1, target.size() - 2);
  }
  if (target.empty() || target == "0.0.0.0") target = "127.0.0.1";
  if (target == "::") target = "::1";
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* address = nullptr;
  if (getaddrinfo(target.c_str(), std::to_string(port).c_str(), &hints, &address) != 0) {
    exposer.reset();  // no waker: civetweb's own wait
    return;
  }
  std::atomic<bool> stopped{false};
  std::thread waker([&] {
    while (!stopped.load()) {
      const int fd = socket(address->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
      if (fd >= 0) {
        connect(fd, address->ai_addr, address->ai_addrlen);  // refused once it has stopped
        close(fd);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  });
  exposer.reset();
  stopped = true;
  waker.join();
  freeaddrinfo(address);
}

}  // namespace symmbench
