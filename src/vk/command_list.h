// The one list of the command stream's commands: each entry's name, phase and predication. The
// CommandType enum, the executor's dispatch, the rendering-pass policy and the dump's names are all
// made from it (docs/command-stream.md, "Declaring a command").
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace vk {

// Where a command runs relative to a Vulkan rendering pass. The executor ends an open pass before
// a Transfer or Compute command; it leaves it open for the others.
enum class CommandPhase : uint8_t {
  Transfer,   // copies, clears, resolves, mips, queries, predicate set-up: outside any pass
  Compute,    // dispatches: outside any pass
  Rendering,  // draws: inside a pass, begun lazily by the draw
  State,      // binds and dynamic state, applied at the next draw or dispatch
  Control,    // present, command lists, tile mappings: they handle an open pass themselves
};

// Whether SetPredication can skip the command: draws and dispatches under conditional rendering,
// clears, copies, resolves and mip generation inside a PredicatedOperation bracket
// (executor_predication.cpp). `Always`: runs whatever the predicate says.
enum class CommandPredication : uint8_t {
  Predicable,
  Always,
};

// X(Name, Phase, Predication): the command's struct is Name##Command (commands.h) and the
// executor runs it with CommandExecutor::execute(const Name##Command&). The order is the
// CommandType numbering; nothing depends on it.
#define D3D11VK_COMMANDS(X)                                                                 \
  /* Transfers, clears, queries, predication (executor_transfer.cpp, executor_clear.cpp,  */ \
  /* executor_meta.cpp, executor_query.cpp, executor_predication.cpp)                     */ \
  X(CopyBuffer, Transfer, Predicable)                                                       \
  X(CopyImage, Transfer, Predicable)                                                        \
  X(CopyBufferToImage, Transfer, Predicable)                                                \
  X(CopyImageToBuffer, Transfer, Predicable)                                                \
  X(FillBuffer, Transfer, Predicable)                                                       \
  X(ClearImageView, Transfer, Predicable)                                                   \
  X(ClearColorImage, Transfer, Predicable)                                                  \
  X(ResolveImage, Transfer, Predicable)                                                     \
  X(GenerateMips, Transfer, Predicable)                                                     \
  X(PackDepthStencil, Transfer, Predicable)                                                 \
  X(BeginQuery, Transfer, Always)                                                           \
  X(EndQuery, Transfer, Always)                                                             \
  X(WriteTimestamp, Transfer, Always)                                                       \
  X(PredicatedOperation, Transfer, Always)                                                  \
  X(SetPredication, Transfer, Always) /* copies the query's result outside a pass */        \
  /* Drawing and dispatch (executor_draw.cpp, executor_bind.cpp) */                         \
  X(SetRenderTargets, State, Always) /* ends the pass itself: the targets change */         \
  X(BindGraphicsPipeline, State, Always)                                                    \
  X(BindGraphicsShaders, State, Always)                                                     \
  X(BindComputePipeline, State, Always)                                                     \
  X(BindDescriptors, State, Always)                                                         \
  X(BindVertexBuffers, State, Always)                                                       \
  X(BindIndexBuffer, State, Always)                                                         \
  X(SetViewports, State, Always)                                                            \
  X(SetScissors, State, Always)                                                             \
  X(SetBlendConstants, State, Always)                                                       \
  X(SetStencilReference, State, Always)                                                     \
  X(SetDepthBias, State, Always)                                                            \
  X(Draw, Rendering, Predicable)                                                            \
  X(DrawIndexed, Rendering, Predicable)                                                     \
  X(DrawIndirect, Rendering, Predicable)                                                    \
  X(Dispatch, Compute, Predicable)                                                          \
  X(DispatchIndirect, Compute, Predicable)                                                  \
  /* Stream output (executor_stream_output.cpp) */                                          \
  X(SetStreamOutputTargets, State, Always)                                                  \
  X(DrawAuto, Rendering, Predicable)                                                        \
  /* Presenting (executor_present.cpp): ends the pass itself */                             \
  X(Present, Control, Always)                                                               \
  /* Command lists of deferred contexts: each recorded command follows its own phase */     \
  X(ExecuteRecorded, Control, Always)                                                       \
  /* Tiled resources (executor_tiles.cpp) */                                                \
  X(UpdateTileMappings, Control, Always)                                                    \
  X(CopyTileMappings, Control, Always)                                                      \
  X(TiledResourceBarrier, Control, Always)

enum class CommandType : uint16_t {
#define D3D11VK_COMMAND_ENUMERATOR(Name, Phase, Predication) Name,
  D3D11VK_COMMANDS(D3D11VK_COMMAND_ENUMERATOR)
#undef D3D11VK_COMMAND_ENUMERATOR
  Count,
};

struct CommandInfo {
  const char* name;
  CommandPhase phase;
  CommandPredication predication;
};

inline constexpr CommandInfo kCommandInfo[] = {
#define D3D11VK_COMMAND_INFO(Name, Phase, Predication) {#Name, CommandPhase::Phase, CommandPredication::Predication},
    D3D11VK_COMMANDS(D3D11VK_COMMAND_INFO)
#undef D3D11VK_COMMAND_INFO
};
static_assert(std::size(kCommandInfo) == size_t(CommandType::Count));

// Null for a value that names no command (a corrupt header).
constexpr const CommandInfo* commandInfo(CommandType type) {
  return size_t(type) < size_t(CommandType::Count) ? &kCommandInfo[size_t(type)] : nullptr;
}

// The executor ends an open rendering pass before the command.
constexpr bool endsRendering(CommandType type) {
  const CommandInfo* info = commandInfo(type);
  return info && (info->phase == CommandPhase::Transfer || info->phase == CommandPhase::Compute);
}

}  // namespace vk
