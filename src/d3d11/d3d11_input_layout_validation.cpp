// CreateInputLayout's documented element rules and the element-to-location mapping.
#include "d3d11/d3d11_input_layout_validation.h"

#include "d3d11/d3d11_enum_value.h"

#include <algorithm>

#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_shader_validation.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

constexpr uint32_t kMaxElements = 32;             // D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT
constexpr uint32_t kMaxSlots = 32;                // D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT
constexpr uint32_t kMaxSlotsBelow11 = 16;         // D3D10_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT
constexpr uint32_t kMaxVertexBytes = 2048;        // D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES
constexpr uint32_t kAppendAligned = 0xffffffffu;  // D3D11_APPEND_ALIGNED_ELEMENT

std::string elementText(UINT index, const D3D11_INPUT_ELEMENT_DESC& element) {
  return "element " + std::to_string(index) + " (" + (element.SemanticName ? element.SemanticName : "null") +
         std::to_string(element.SemanticIndex) + "): ";
}

// Component type of a vertex format as the signature names it: 1 uint, 2 int, 3 float.
uint32_t componentTypeOf(const caps::FormatInfo& info) {
  if (info.flags & caps::kFormatUint)
    return 1;
  if (info.flags & caps::kFormatSint)
    return 2;
  return 3;
}

struct SlotState {
  bool used = false;
  bool perInstance = false;
  uint32_t stepRate = 0;
  uint32_t end = 0;  // the byte after the slot's last element, for APPEND_ALIGNED
};

}  // namespace

std::string resolveInputLayout(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level,
                               const D3D11_INPUT_ELEMENT_DESC* elements, UINT count, const dxbc::Signature& inputs,
                               std::vector<InputLayoutElement>* resolved) {
  if (count > kMaxElements)
    return "NumElements " + std::to_string(count) + " is over " + std::to_string(kMaxElements);
  // Null descriptions are refused even with NumElements 0 (Windows does: Wine's
  // test_create_input_layout); an empty array that is not null makes an empty layout.
  if (!elements)
    return "NumElements is " + std::to_string(count) + " but pInputElementDescs is null";
  uint32_t maxSlots = level >= D3D_FEATURE_LEVEL_11_0 ? kMaxSlots : kMaxSlotsBelow11;

  std::vector<InputLayoutElement> result;
  result.reserve(count);
  std::vector<SlotState> slots(kMaxSlots);
  for (UINT i = 0; i < count; ++i) {
    const D3D11_INPUT_ELEMENT_DESC& desc = elements[i];
    if (!desc.SemanticName || !desc.SemanticName[0])
      return elementText(i, desc) + "no SemanticName";
    for (const InputLayoutElement& earlier : result) {
      if (earlier.semanticIndex == desc.SemanticIndex && semanticEquals(earlier.semanticName, desc.SemanticName))
        return elementText(i, desc) + "the semantic appears twice";
    }
    if (desc.InputSlot >= maxSlots)
      return elementText(i, desc) + "InputSlot " + std::to_string(desc.InputSlot) + " is over the " +
             std::to_string(maxSlots) + " slots of this feature level";
    const caps::FormatInfo* info = caps::formatInfo(desc.Format);
    if (!info || desc.Format == DXGI_FORMAT_UNKNOWN)
      return elementText(i, desc) + "Format " + std::to_string(unsigned(desc.Format)) + " is no vertex format";
    if (!(caps::queryFormatSupport(profile, level, desc.Format).support & D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER))
      return elementText(i, desc) + "Format " + info->name + " is not a vertex buffer format on this device";

    // The class is read as a raw value: the application may pass anything.
    UINT slotClass = enumValue(desc.InputSlotClass);
    if (slotClass != D3D11_INPUT_PER_VERTEX_DATA && slotClass != D3D11_INPUT_PER_INSTANCE_DATA)
      return elementText(i, desc) + "InputSlotClass " + std::to_string(slotClass) + " is not a D3D11_INPUT_CLASSIFICATION";
    bool perInstance = slotClass == D3D11_INPUT_PER_INSTANCE_DATA;
    if (!perInstance && desc.InstanceDataStepRate != 0)
      return elementText(i, desc) + "per-vertex data needs InstanceDataStepRate 0, not " +
             std::to_string(desc.InstanceDataStepRate);
    if (perInstance && level < D3D_FEATURE_LEVEL_9_3)
      return elementText(i, desc) + "per-instance data needs feature level 9_3 (instanced draws are not supported at 9_1/9_2)";
    SlotState& slot = slots[desc.InputSlot];
    // A Vulkan vertex binding has one input rate and divisor, so one slot must have one class.
    if (slot.used && (slot.perInstance != perInstance || slot.stepRate != desc.InstanceDataStepRate))
      return elementText(i, desc) + "slot " + std::to_string(desc.InputSlot) +
             " already holds elements of another class or step rate";

    uint32_t size = info->bitsPerElement / 8;
    // Elements are aligned to their size, at most to 4 bytes (1- and 2-byte formats pack tighter).
    uint32_t alignment = std::min<uint32_t>(4, std::max<uint32_t>(1, size));
    uint32_t offset = desc.AlignedByteOffset;
    if (offset == kAppendAligned) {
      offset = (slot.end + alignment - 1) / alignment * alignment;
    } else if (offset % alignment) {
      return elementText(i, desc) + "AlignedByteOffset " + std::to_string(offset) + " is not a multiple of " +
             std::to_string(alignment);
    }
    if (uint64_t(offset) + size > kMaxVertexBytes)
      return elementText(i, desc) + "it ends at byte " + std::to_string(uint64_t(offset) + size) + ", past the " +
             std::to_string(kMaxVertexBytes) + "-byte vertex limit";
    slot.used = true;
    slot.perInstance = perInstance;
    slot.stepRate = desc.InstanceDataStepRate;
    slot.end = std::max(slot.end, offset + size);

    InputLayoutElement element;
    element.semanticName = desc.SemanticName;
    element.semanticIndex = desc.SemanticIndex;
    element.inputSlot = desc.InputSlot;
    element.offset = offset;
    element.format = desc.Format;
    element.vulkanFormat = info->vulkan;
    element.perInstance = perInstance;
    element.instanceStepRate = desc.InstanceDataStepRate;
    for (const dxbc::SignatureElement& input : inputs.elements) {
      if (input.semanticIndex == desc.SemanticIndex && semanticEquals(input.semanticName, desc.SemanticName)) {
        element.location = input.registerIndex;
        if (input.componentType && input.componentType != componentTypeOf(*info))
          util::log::debug("CreateInputLayout: ", element.semanticName, element.semanticIndex, " is ", info->name,
                           " but the shader reads it as ", dxbc::componentTypeName(input.componentType),
                           ": the data is reinterpreted");
        break;
      }
    }
    result.push_back(std::move(element));
  }

  // Every input the shader reads must be fed; system values (SV_VertexID, SV_InstanceID...) come
  // from the input assembler itself.
  for (const dxbc::SignatureElement& input : inputs.elements) {
    if (input.systemValue != 0 || input.rwMask == 0)
      continue;
    bool fed = std::any_of(result.begin(), result.end(), [&](const InputLayoutElement& element) {
      return element.semanticIndex == input.semanticIndex && semanticEquals(element.semanticName, input.semanticName.c_str());
    });
    if (!fed)
      return "the shader reads " + input.semanticName + std::to_string(input.semanticIndex) +
             " but no element provides it";
  }
  *resolved = std::move(result);
  return {};
}

}  // namespace d3d11vk
