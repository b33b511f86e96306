// prometheus-cpp's pull Exposer (civetweb underneath), stopped without civetweb's wait.
#pragma once

#include <prometheus/exposer.h>

#include <memory>
#include <string>

namespace symmbench {

// Destroys `exposer`, which listens on `host`:`port` (host as given to it: a name, an address,
// a bracketed IPv6 address or a wildcard), and returns as soon as its threads have stopped.
// civetweb's accept loop polls its listening sockets with a fixed 2 s timeout and reads its stop
// flag only between polls, so a plain destruction waited up to 2 s, at every daemon stop. While
// it runs, a thread connects to the port every 10 ms (a wildcard host on loopback), which ends
// the poll; civetweb closes such a connection at once. Null `exposer`: nothing to do.
void DestroyExposer(std::unique_ptr<prometheus::Exposer> exposer, const std::string& host,
                    int port);

}  // namespace symmbench
