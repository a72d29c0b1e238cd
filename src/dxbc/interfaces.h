// The IFCE chunk: a shader's class linkage reflection (class types, class instances declared in
// the shader, and which function table each interface slot takes for each class type).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dxbc/container.h"

namespace dxbc {

// Layout (little-endian, offsets from the chunk's start; no public specification exists, this is
// the layout fxc's output has as described by the DXBC reverse-engineering write-ups):
//   u32 instance count, u32 type count, u32 slot record count, u32 interface slot count,
//   u32 (unused here), u32 offset of the class types, u32 offset of the slot records.
//   Class types (12 bytes each): u32 name offset, u16 type id, u16 constant buffer stride,
//     u16 texture count, u16 sampler count. Class instances follow them (16 bytes each):
//     u32 name offset, u16 type id, u16 (1), u16 constant buffer, u16 vector offset in it,
//     u16 texture slot, u16 sampler slot.
//   Slot records (16 bytes each): u32 slot span, u32 entry count, u32 offset of u16 type ids,
//     u32 offset of u32 table ids (entry k: class type id k takes function table k). The records
//     cover the slots in order (record n starts where record n-1's span ended).
struct ClassType {
  std::string name;
  uint32_t id = 0;
  uint32_t constantBufferStride = 0, textureCount = 0, samplerCount = 0;
};

struct ClassInstanceInfo {
  std::string name;
  uint32_t typeId = 0;
  uint32_t constantBuffer = 0, constantVectorOffset = 0, texture = 0, sampler = 0;
};

struct InterfaceSlotRecord {
  uint32_t firstSlot = 0, slotSpan = 1;
  std::vector<uint32_t> typeIds, tableIds;  // same length: type typeIds[k] uses table tableIds[k]
};

struct Interfaces {
  std::vector<ClassType> types;
  std::vector<ClassInstanceInfo> instances;
  std::vector<InterfaceSlotRecord> slots;
  uint32_t slotCount = 0;

  // Throws dxbc::Error on a malformed chunk (counts past the chunk, spans past slotCount).
  static Interfaces parse(const Chunk& chunk);
  Chunk write() const;

  // The function table interface slot `slot` takes for class type `typeId`; false when the slot
  // has no table for that type.
  bool tableFor(uint32_t slot, uint32_t typeId, uint32_t& table) const;
  const ClassType* typeNamed(const std::string& name) const;
  const ClassType* typeWithId(uint32_t id) const;
};

}  // namespace dxbc
