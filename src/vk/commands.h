// The typed commands of the command stream: plain, trivially copyable structs that the front end
// records into chunks and the worker executes. They name Vulkan objects directly; the objects stay
// alive because their owners defer destruction until the recording's submission completes.
#pragma once

#include <cstdint>
#include <type_traits>

#include "vk/vulkan_api.h"

namespace vk {

class QueryRecord;

enum class CommandType : uint16_t {
  CopyBuffer,
  CopyImage,
  CopyBufferToImage,
  CopyImageToBuffer,
  FillBuffer,
  ClearImageView,
  ClearColorImage,
  ResolveImage,
  GenerateMips,
  BeginQuery,
  EndQuery,
  WriteTimestamp,
  Count,
};

// A command with a variable tail (regions, rectangles) says how many entries follow it.
struct CopyBufferCommand {
  static constexpr CommandType kType = CommandType::CopyBuffer;
  VkBuffer src, dst;
  uint32_t regionCount;  // VkBufferCopy[regionCount] follow
};

struct CopyImageCommand {
  static constexpr CommandType kType = CommandType::CopyImage;
  VkImage src, dst;
  uint32_t regionCount;  // VkImageCopy[regionCount] follow
};

struct CopyBufferToImageCommand {
  static constexpr CommandType kType = CommandType::CopyBufferToImage;
  VkBuffer src;
  VkImage dst;
  uint32_t regionCount;  // VkBufferImageCopy[regionCount] follow
};

struct CopyImageToBufferCommand {
  static constexpr CommandType kType = CommandType::CopyImageToBuffer;
  VkImage src;
  VkBuffer dst;
  uint32_t regionCount;  // VkBufferImageCopy[regionCount] follow
};

struct FillBufferCommand {
  static constexpr CommandType kType = CommandType::FillBuffer;
  VkBuffer buffer;
  VkDeviceSize offset, size;  // multiples of 4
  uint32_t value;
};

// Clears a render-target or depth-stencil view through a rendering pass: the whole view (load op
// CLEAR, which converts the value to the view's format, sRGB included) or rectangles of it.
struct ClearImageViewCommand {
  static constexpr CommandType kType = CommandType::ClearImageView;
  VkImage image;
  VkImageView view;
  VkExtent2D extent;
  uint32_t layerCount;
  VkImageAspectFlags aspects;  // COLOR, or the DEPTH and/or STENCIL aspects to clear
  VkImageAspectFlags viewAspects;  // every aspect the view has (a depth-only clear keeps stencil)
  VkClearValue value;
  uint32_t rectCount;  // VkRect2D[rectCount] follow; none: the whole view
};

// Writes raw channel values into a range of an image in its own format (UAV clears whose view
// format is the image's format).
struct ClearColorImageCommand {
  static constexpr CommandType kType = CommandType::ClearColorImage;
  VkImage image;
  VkImageSubresourceRange range;
  VkClearColorValue value;
};

struct ResolveImageCommand {
  static constexpr CommandType kType = CommandType::ResolveImage;
  VkImage src, dst;
  VkImageResolve region;
};

// Fills mips base+1 .. base+count-1 of the layers from their predecessors with linear blits.
struct GenerateMipsCommand {
  static constexpr CommandType kType = CommandType::GenerateMips;
  VkImage image;
  VkImageAspectFlags aspects;
  VkExtent3D baseExtent;  // the extent of mip `baseMip`
  uint32_t baseMip, mipCount, baseLayer, layerCount;
};

struct BeginQueryCommand {
  static constexpr CommandType kType = CommandType::BeginQuery;
  QueryRecord* query;
};

struct EndQueryCommand {
  static constexpr CommandType kType = CommandType::EndQuery;
  QueryRecord* query;
};

struct WriteTimestampCommand {
  static constexpr CommandType kType = CommandType::WriteTimestamp;
  QueryRecord* query;
};

template <typename T>
constexpr bool isCommand = std::is_trivially_copyable_v<T> && std::is_same_v<decltype(T::kType), const CommandType>;

}  // namespace vk
