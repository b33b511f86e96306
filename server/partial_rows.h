// The partial rows of a running job (ResultRow.partial: rank 0's figures after some of a size's
// timing loops), kept so that a watcher who attaches mid-run sees what one who watched from the
// start saw: each size's first-pass row, then its latest. They are never stored.
#pragma once

#include <vector>

#include "proto/symmbench.pb.h"

namespace symmbench {

// A size-swept job's partial rows, by case (dtype and size), in the order the cases were first
// measured. The rows are kept without their samples (watchers print figures, not samples).
class PartialRows {
 public:
  // A partial row of a case: its first (pass 1) is kept, and its latest.
  void Note(const v1::ResultRow& partial);
  // The case's final row arrived: its latest partial row is dropped (its first stays).
  void Finish(const v1::ResultRow& final_row);
  // Every case's first partial row, in order: what a watcher from the start was sent first.
  std::vector<v1::ResultRow> FirstPass() const;
  // Each unfinished case's latest partial row where it is from a later pass than its first.
  std::vector<v1::ResultRow> Latest() const;

 private:
  struct Case {
    v1::ResultRow first;   // its dtype and size name the case
    v1::ResultRow latest;  // empty once the case's final row came
  };
  // The case of `row` (its dtype and size), or nullptr.
  Case* Find(const v1::ResultRow& row);
  std::vector<Case> cases_;
};

}  // namespace symmbench
