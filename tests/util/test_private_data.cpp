// PrivateDataStore: the documented Get/SetPrivateData(Interface) behaviour.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "util/com_object.h"
#include "util/private_data.h"

namespace {
const GUID kGuidA = {0x11111111, 0x2222, 0x3333, {0x44, 0x44, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55}};
const GUID kGuidB = {0x66666666, 0x2222, 0x3333, {0x44, 0x44, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55}};
const GUID kDebugName = {0x429b8c22, 0x9188, 0x4b0c, {0x87, 0x42, 0xac, 0xb0, 0xbf, 0x85, 0xc2, 0x00}};

class Counted : public util::ComObject<IUnknown> {
public:
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID, void** object) override {
    *object = nullptr;
    return E_NOINTERFACE;
  }
};
}  // namespace

TEST_CASE("private data round-trips and reports its size", "[util][private-data]") {
  util::PrivateDataStore store;
  const char data[] = "hello";
  REQUIRE(store.setData(kGuidA, sizeof(data), data) == S_OK);

  UINT size = 0;
  CHECK(store.getData(kGuidA, &size, nullptr) == S_OK);
  CHECK(size == sizeof(data));

  char out[16] = {};
  size = sizeof(out);
  CHECK(store.getData(kGuidA, &size, out) == S_OK);
  CHECK(size == sizeof(data));
  CHECK(std::strcmp(out, "hello") == 0);
}

TEST_CASE("a buffer too small gives DXGI_ERROR_MORE_DATA and the needed size", "[util][private-data]") {
  util::PrivateDataStore store;
  const char data[] = "0123456789";
  store.setData(kGuidA, sizeof(data), data);
  char out[4];
  UINT size = sizeof(out);
  CHECK(store.getData(kGuidA, &size, out) == DXGI_ERROR_MORE_DATA);
  CHECK(size == sizeof(data));
}

TEST_CASE("unknown guids and removed entries give DXGI_ERROR_NOT_FOUND with size 0", "[util][private-data]") {
  util::PrivateDataStore store;
  UINT size = 99;
  CHECK(store.getData(kGuidB, &size, nullptr) == DXGI_ERROR_NOT_FOUND);
  CHECK(size == 0);

  int value = 7;
  store.setData(kGuidA, sizeof(value), &value);
  store.setData(kGuidA, 0, nullptr);
  size = 99;
  CHECK(store.getData(kGuidA, &size, nullptr) == DXGI_ERROR_NOT_FOUND);
  CHECK(store.getData(kGuidA, nullptr, nullptr) == E_INVALIDARG);
}

TEST_CASE("stored interfaces are referenced, returned with a reference, and released", "[util][private-data]") {
  auto* object = new Counted();
  {
    util::PrivateDataStore store;
    store.setInterface(kGuidA, object);
    CHECK(object->publicRefCount() == 2);

    IUnknown* out = nullptr;
    UINT size = sizeof(out);
    CHECK(store.getData(kGuidA, &size, &out) == S_OK);
    CHECK(out == object);
    CHECK(object->publicRefCount() == 3);
    out->Release();

    // Replacing the entry releases the old interface.
    int plain = 1;
    store.setData(kGuidA, sizeof(plain), &plain);
    CHECK(object->publicRefCount() == 1);

    store.setInterface(kGuidB, object);
    CHECK(object->publicRefCount() == 2);
  }
  // The store's destruction released its reference.
  CHECK(object->publicRefCount() == 1);
  object->Release();
}

TEST_CASE("the debug object name is readable for log lines", "[util][private-data]") {
  util::PrivateDataStore store;
  CHECK(store.debugName().empty());
  const char name[] = "shadow map";
  store.setData(kDebugName, sizeof(name) - 1, name);
  CHECK(store.debugName() == "shadow map");
}

TEST_CASE("removing absent data is S_FALSE and a null interface is stored as a null pointer", "[util][private-data]") {
  util::PrivateDataStore store;
  CHECK(store.setData(kGuidA, 0, nullptr) == S_FALSE);
  CHECK(store.setInterface(kGuidA, nullptr) == S_OK);
  IUnknown* out = reinterpret_cast<IUnknown*>(uintptr_t(0xdeadbeef));
  UINT size = 2 * sizeof(out);
  CHECK(store.getData(kGuidA, &size, &out) == S_OK);
  CHECK(out == nullptr);
  CHECK(size == sizeof(IUnknown*));
  // Null data with any size removes the entry: S_OK the first time, S_FALSE once it is gone.
  CHECK(store.setData(kGuidA, ~0u, nullptr) == S_OK);
  CHECK(store.setData(kGuidA, ~0u, nullptr) == S_FALSE);
  int value = 3;
  CHECK(store.setData(kGuidA, sizeof(value), &value) == S_OK);
  CHECK(store.setData(kGuidA, 42, nullptr) == S_OK);
  CHECK(store.setData(kGuidA, 42, nullptr) == S_FALSE);
}
