#!/bin/sh
# Bazel's workspace status (.bazelrc --workspace_status_command): the git revision that
# //common:build_info stamps into every binary's --version ("-dirty" with uncommitted changes;
# "unknown" outside a git checkout).
revision="$(git rev-parse --short=12 HEAD 2>/dev/null)" || revision=unknown
if [ "$revision" != unknown ] && ! git diff --quiet HEAD -- 2>/dev/null; then
  revision="$revision-dirty"
fi
echo "STABLE_GIT_REVISION $revision"
