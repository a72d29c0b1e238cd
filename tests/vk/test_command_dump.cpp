// The command list (src/vk/command_list.h) and the text dump of a chunk: no Vulkan device, the
// handles are made-up values that nothing dereferences.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "vk/command_dump.h"

namespace {

template <typename Handle>
Handle fake(uintptr_t value) {
  if constexpr (std::is_pointer_v<Handle>)
    return reinterpret_cast<Handle>(value);
  else
    return Handle(value);
}

// One line per command, as describeCommand gives it.
std::vector<std::string> describeEach(const vk::CommandChunk& chunk) {
  std::vector<std::string> out;
  chunk.forEach([&](const vk::CommandHeader& header, const void* body) {
    out.push_back(vk::describeCommand(header, body));
  });
  return out;
}

}  // namespace

TEST_CASE("a chunk dumps as one line per command", "[vk][command-stream]") {
  vk::CommandChunk chunk;
  auto& pipeline = *chunk.append<vk::BindGraphicsPipelineCommand>();
  pipeline.key = vk::GraphicsPipelineKey{};
  for (auto& stage : pipeline.stages)
    stage = nullptr;
  pipeline.stages[0] = fake<const vk::ShaderCode*>(0x1000);
  pipeline.stages[4] = fake<const vk::ShaderCode*>(0x2000);
  pipeline.key.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
  *chunk.append<vk::DrawCommand>() = {3, 1, 0, 0};
  *chunk.append<vk::DrawIndexedCommand>() = {36, 25, 6, -2, 1};
  auto& copy = *chunk.append<vk::CopyBufferCommand>(2 * sizeof(VkBufferCopy));
  copy = {fake<VkBuffer>(0xab), fake<VkBuffer>(0xcd), 2};
  auto& clear = *chunk.append<vk::ClearImageViewCommand>();
  clear = {};
  clear.image = fake<VkImage>(0x10);
  clear.view = fake<VkImageView>(0x11);
  clear.extent = {64, 32};
  clear.layerCount = 1;
  clear.aspects = VK_IMAGE_ASPECT_COLOR_BIT;
  clear.value.color = {{0.5f, 0.25f, 0.0f, 1.0f}};
  *chunk.append<vk::TiledResourceBarrierCommand>() = {};

  const auto dump = describeEach(chunk);
  REQUIRE(dump.size() == 6);
  CHECK(dump[0] == "BindGraphicsPipeline stages=[0x1000,0x0,0x0,0x0,0x2000] topology=4");
  CHECK(dump[1] == "Draw vertexCount=3 instanceCount=1 firstVertex=0 firstInstance=0");
  CHECK(dump[2] == "DrawIndexed indexCount=36 instanceCount=25 firstIndex=6 vertexOffset=-2 firstInstance=1");
  CHECK(dump[3] == "CopyBuffer src=0xab dst=0xcd regionCount=2");
  CHECK(dump[4] == "ClearImageView image=0x10 view=0x11 extent=64x32 layerCount=1 aspects=0x1 color=[0.5,0.25,0,1] "
                   "rectCount=0");
  // No describe(out): the name and the body's size.
  CHECK(dump[5] == "TiledResourceBarrier size=8");

  std::string joined;
  for (const auto& line : dump)
    joined += line + '\n';
  CHECK(vk::dumpChunk(chunk) == joined);
}

TEST_CASE("every command in the list has a name and a known phase", "[vk][command-stream]") {
  for (uint32_t i = 0; i < uint32_t(vk::CommandType::Count); ++i) {
    const vk::CommandInfo* info = vk::commandInfo(vk::CommandType(i));
    REQUIRE(info);
    CHECK(info->name[0] != '\0');
  }
  CHECK(vk::commandInfo(vk::CommandType::Count) == nullptr);
  CHECK(std::string(vk::commandInfo(vk::CommandType::DrawIndexed)->name) == "DrawIndexed");
  vk::CommandHeader bad{vk::CommandType(999), 0, 16};
  CHECK(vk::describeCommand(bad, nullptr) == "CommandType(999) size=16");
}

// The policy the executor had before the list: every command ordered before SetRenderTargets
// (transfers, clears, queries, predication) and the two dispatches ended an open rendering pass;
// draws, binds, state and the rest did not.
TEST_CASE("the phase table reproduces the rendering-pass policy", "[vk][command-stream]") {
  using vk::CommandType;
  for (uint32_t i = 0; i < uint32_t(CommandType::Count); ++i) {
    const auto type = CommandType(i);
    const bool before = type < CommandType::SetRenderTargets || type == CommandType::Dispatch ||
                        type == CommandType::DispatchIndirect;
    INFO(vk::commandInfo(type)->name);
    CHECK(vk::endsRendering(type) == before);
  }
  for (auto type : {CommandType::CopyBuffer, CommandType::CopyImage, CommandType::CopyBufferToImage,
                    CommandType::CopyImageToBuffer, CommandType::FillBuffer, CommandType::ClearImageView,
                    CommandType::ClearColorImage, CommandType::ResolveImage, CommandType::GenerateMips,
                    CommandType::PackDepthStencil, CommandType::BeginQuery, CommandType::EndQuery,
                    CommandType::WriteTimestamp, CommandType::PredicatedOperation, CommandType::SetPredication,
                    CommandType::Dispatch, CommandType::DispatchIndirect})
    CHECK(vk::endsRendering(type));
  for (auto type : {CommandType::Draw, CommandType::DrawIndexed, CommandType::DrawIndirect, CommandType::DrawAuto,
                    CommandType::SetRenderTargets, CommandType::BindGraphicsPipeline, CommandType::BindDescriptors,
                    CommandType::SetViewports, CommandType::SetStreamOutputTargets, CommandType::Present,
                    CommandType::ExecuteRecorded, CommandType::UpdateTileMappings, CommandType::TiledResourceBarrier})
    CHECK_FALSE(vk::endsRendering(type));
  CHECK_FALSE(vk::endsRendering(CommandType::Count));
}

// SetPredication skips draws and dispatches (conditional rendering) and the clears, copies,
// resolves and mip generation a PredicatedOperation brackets; nothing else.
TEST_CASE("the predicable commands are the ones the executor predicates", "[vk][command-stream]") {
  using vk::CommandType;
  const std::vector<CommandType> predicable = {
      CommandType::CopyBuffer,       CommandType::CopyImage,     CommandType::CopyBufferToImage,
      CommandType::CopyImageToBuffer, CommandType::FillBuffer,   CommandType::ClearImageView,
      CommandType::ClearColorImage,  CommandType::ResolveImage,  CommandType::GenerateMips,
      CommandType::PackDepthStencil, CommandType::Draw,          CommandType::DrawIndexed,
      CommandType::DrawIndirect,     CommandType::DrawAuto,      CommandType::Dispatch,
      CommandType::DispatchIndirect,
  };
  for (uint32_t i = 0; i < uint32_t(CommandType::Count); ++i) {
    const auto type = CommandType(i);
    const bool expected = std::find(predicable.begin(), predicable.end(), type) != predicable.end();
    INFO(vk::commandInfo(type)->name);
    CHECK((vk::commandInfo(type)->predication == vk::CommandPredication::Predicable) == expected);
  }
}
