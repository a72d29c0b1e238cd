// Reading and writing the IFCE chunk (class linkage reflection).
#include "dxbc/interfaces.h"

#include "dxbc/bytes.h"

namespace dxbc {

namespace {
constexpr uint32_t kHeaderBytes = 28, kTypeBytes = 12, kInstanceBytes = 16, kSlotBytes = 16;
// D3D11_SHADER_MAX_INTERFACES and D3D11_SHADER_MAX_TYPES / instances.
constexpr uint32_t kMaxSlots = 253, kMaxTypes = 65535, kMaxInstances = 65535;
}  // namespace

Interfaces Interfaces::parse(const Chunk& chunk) {
  ByteReader r(chunk.data, "IFCE");
  Interfaces out;
  r.check(0, kHeaderBytes);  // the counts and offsets, read below
  const uint32_t instanceCount = r.u32(0), typeCount = r.u32(4), recordCount = r.u32(8);
  out.slotCount = r.u32(12);
  const uint32_t typeOffset = r.u32(20), slotOffset = r.u32(24);
  if (typeCount > kMaxTypes || instanceCount > kMaxInstances || out.slotCount > kMaxSlots || recordCount > out.slotCount)
    throw Error("IFCE: " + std::to_string(typeCount) + " types, " + std::to_string(instanceCount) + " instances, " +
                std::to_string(recordCount) + " slot records and " + std::to_string(out.slotCount) +
                " slots are beyond D3D11's limits");
  r.check(typeOffset, size_t(typeCount) * kTypeBytes + size_t(instanceCount) * kInstanceBytes);
  r.check(slotOffset, size_t(recordCount) * kSlotBytes);
  for (uint32_t i = 0; i < typeCount; i++) {
    size_t at = typeOffset + size_t(i) * kTypeBytes;
    out.types.push_back(ClassType{r.string(r.u32(at)), r.u16(at + 4), r.u16(at + 6), r.u16(at + 8), r.u16(at + 10)});
  }
  for (uint32_t i = 0; i < instanceCount; i++) {
    size_t at = typeOffset + size_t(typeCount) * kTypeBytes + size_t(i) * kInstanceBytes;
    out.instances.push_back(
        ClassInstanceInfo{r.string(r.u32(at)), r.u16(at + 4), r.u16(at + 8), r.u16(at + 10), r.u16(at + 12), r.u16(at + 14)});
  }
  uint32_t slot = 0;
  for (uint32_t i = 0; i < recordCount; i++) {
    size_t at = slotOffset + size_t(i) * kSlotBytes;
    InterfaceSlotRecord record;
    record.firstSlot = slot;
    record.slotSpan = r.u32(at);
    const uint32_t count = r.u32(at + 4), typeIds = r.u32(at + 8), tableIds = r.u32(at + 12);
    if (record.slotSpan == 0 || record.slotSpan > out.slotCount - slot || count > kMaxTypes)
      throw Error("IFCE: slot record " + std::to_string(i) + " (span " + std::to_string(record.slotSpan) + ", " +
                  std::to_string(count) + " entries) does not fit " + std::to_string(out.slotCount) + " slots");
    r.check(typeIds, size_t(count) * 2);
    r.check(tableIds, size_t(count) * 4);
    for (uint32_t k = 0; k < count; k++) {
      record.typeIds.push_back(r.u16(typeIds + size_t(k) * 2));
      record.tableIds.push_back(r.u32(tableIds + size_t(k) * 4));
    }
    slot += record.slotSpan;
    out.slots.push_back(std::move(record));
  }
  return out;
}

Chunk Interfaces::write() const {
  ByteWriter w;
  w.u32(uint32_t(instances.size()));
  w.u32(uint32_t(types.size()));
  w.u32(uint32_t(slots.size()));
  w.u32(slotCount);
  w.u32(0);
  w.u32(0);  // patched: class types
  w.u32(0);  // patched: slot records
  // Slot records first, then their id arrays, then types and instances, then the names.
  w.patch32(24, uint32_t(w.size()));
  std::vector<size_t> recordAt;
  for (size_t i = 0; i < slots.size(); i++) {
    recordAt.push_back(w.size());
    w.u32(slots[i].slotSpan);
    w.u32(uint32_t(slots[i].typeIds.size()));
    w.u32(0);
    w.u32(0);
  }
  for (size_t i = 0; i < slots.size(); i++) {
    w.patch32(recordAt[i] + 8, uint32_t(w.size()));
    for (uint32_t id : slots[i].typeIds)
      w.u16(uint16_t(id));
    while (w.size() % 4)
      w.u8(0);
    w.patch32(recordAt[i] + 12, uint32_t(w.size()));
    for (uint32_t id : slots[i].tableIds)
      w.u32(id);
  }
  w.patch32(20, uint32_t(w.size()));
  std::vector<size_t> nameAt;
  for (const ClassType& t : types) {
    nameAt.push_back(w.size());
    w.u32(0);
    w.u16(uint16_t(t.id));
    w.u16(uint16_t(t.constantBufferStride));
    w.u16(uint16_t(t.textureCount));
    w.u16(uint16_t(t.samplerCount));
  }
  for (const ClassInstanceInfo& c : instances) {
    nameAt.push_back(w.size());
    w.u32(0);
    w.u16(uint16_t(c.typeId));
    w.u16(1);
    w.u16(uint16_t(c.constantBuffer));
    w.u16(uint16_t(c.constantVectorOffset));
    w.u16(uint16_t(c.texture));
    w.u16(uint16_t(c.sampler));
  }
  size_t n = 0;
  for (const ClassType& t : types) {
    w.patch32(nameAt[n++], uint32_t(w.size()));
    w.string(t.name);
  }
  for (const ClassInstanceInfo& c : instances) {
    w.patch32(nameAt[n++], uint32_t(w.size()));
    w.string(c.name);
  }
  w.padAB();
  return Chunk{makeFourCC("IFCE"), std::move(w.bytes)};
}

bool Interfaces::tableFor(uint32_t slot, uint32_t typeId, uint32_t& table) const {
  for (const InterfaceSlotRecord& record : slots) {
    if (slot < record.firstSlot || slot >= record.firstSlot + record.slotSpan)
      continue;
    for (size_t k = 0; k < record.typeIds.size(); k++)
      if (record.typeIds[k] == typeId) {
        table = record.tableIds[k];
        return true;
      }
  }
  return false;
}

const ClassType* Interfaces::typeNamed(const std::string& name) const {
  for (const ClassType& t : types)
    if (t.name == name)
      return &t;
  return nullptr;
}

const ClassType* Interfaces::typeWithId(uint32_t id) const {
  for (const ClassType& t : types)
    if (t.id == id)
      return &t;
  return nullptr;
}

}  // namespace dxbc
