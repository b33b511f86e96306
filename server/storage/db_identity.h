// Whether a file given as --db is a symmbench job database, asked before anything writes to it.
#pragma once

#include <string>

#include "absl/status/status.h"

namespace symmbench {

// OK for a missing or empty file and for a symmbench database (every table one of the job
// database's, `jobs` among them); FAILED_PRECONDITION naming the file otherwise: another
// program's SQLite database (its first tables named) or a file that is not SQLite at all.
// Opens the file read-only and changes nothing in it, so a wrong --db never costs another
// program its data. ":memory:" is OK.
absl::Status CheckIsJobDatabase(const std::string& path);

}  // namespace symmbench
