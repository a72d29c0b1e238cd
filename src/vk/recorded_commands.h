// RecordedCommands: the chunks a deferred context recorded, frozen into a command list. The
// immediate context's stream names them with one ExecuteRecordedCommand and the worker walks them
// inside its own command buffer, so executing a list costs the application thread one command
// however long the list is. Immutable once made: any number of executions may read it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "vk/command_chunk.h"

namespace vk {

struct RecordedCommands {
  std::vector<std::unique_ptr<CommandChunk>> chunks;

  uint64_t commandCount() const {
    uint64_t count = 0;
    for (const auto& chunk : chunks)
      count += chunk->count();
    return count;
  }
};

}  // namespace vk
