// COM helpers: reference counting, private references, ComPtr, QueryInterface helpers, GUID text.
#include <catch2/catch.hpp>

#include "util/com_object.h"
#include "util/com_ptr.h"

namespace {
class TestObject : public util::ComObject<IUnknown> {
public:
  explicit TestObject(bool* destroyed) : m_destroyed(destroyed) {}
  ~TestObject() override { *m_destroyed = true; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
    HRESULT result;
    if (!util::beginQueryInterface(object, &result))
      return result;
    if (riid == __uuidof(IUnknown))
      return util::returnInterface<IUnknown>(this, object);
    return E_NOINTERFACE;
  }

private:
  bool* m_destroyed;
};
}  // namespace

TEST_CASE("AddRef and Release return the new count and the last Release destroys", "[util][com]") {
  bool destroyed = false;
  auto* object = new TestObject(&destroyed);
  CHECK(object->AddRef() == 2);
  CHECK(object->AddRef() == 3);
  CHECK(object->Release() == 2);
  CHECK(object->Release() == 1);
  CHECK_FALSE(destroyed);
  CHECK(object->Release() == 0);
  CHECK(destroyed);
}

TEST_CASE("private references keep an object alive without showing in public counts", "[util][com]") {
  bool destroyed = false;
  auto* object = new TestObject(&destroyed);
  object->addPrivateRef();
  CHECK(object->Release() == 0);
  CHECK_FALSE(destroyed);
  CHECK(object->AddRef() == 1);  // an application may take it back, e.g. from a Get* call
  CHECK(object->Release() == 0);
  CHECK_FALSE(destroyed);
  object->releasePrivateRef();
  CHECK(destroyed);
}

TEST_CASE("QueryInterface clears the out-pointer on failure and rejects null", "[util][com]") {
  bool destroyed = false;
  auto* object = new TestObject(&destroyed);
  void* out = reinterpret_cast<void*>(0x1234);
  CHECK(object->QueryInterface(__uuidof(IClassFactory), &out) == E_NOINTERFACE);
  CHECK(out == nullptr);
  CHECK(object->QueryInterface(__uuidof(IUnknown), nullptr) == E_POINTER);
  CHECK(object->QueryInterface(__uuidof(IUnknown), &out) == S_OK);
  CHECK(out == static_cast<IUnknown*>(object));
  CHECK(object->publicRefCount() == 2);
  object->Release();
  object->Release();
  CHECK(destroyed);
}

TEST_CASE("ComPtr adopts, copies, moves and releases", "[util][com]") {
  bool destroyed = false;
  {
    auto owner = util::ComPtr<TestObject>::adopt(new TestObject(&destroyed));
    CHECK(owner->publicRefCount() == 1);
    {
      util::ComPtr<TestObject> copy = owner;
      CHECK(owner->publicRefCount() == 2);
      util::ComPtr<TestObject> moved = std::move(copy);
      CHECK(!copy);
      CHECK(owner->publicRefCount() == 2);
    }
    CHECK(owner->publicRefCount() == 1);
    util::ComPtr<IUnknown> queried = owner.query<IUnknown>();
    CHECK(queried);
    CHECK(owner->publicRefCount() == 2);
  }
  CHECK(destroyed);
}

TEST_CASE("GUIDs print in registry format", "[util][com]") {
  CHECK(util::guidToString(__uuidof(IUnknown)) == "{00000000-0000-0000-c000-000000000046}");
}
