// d3d11vk-demo: renders a lit, textured, instanced grid of cubes (texture made by a compute shader)
// through D3D11 offscreen, writes the last frame as a PNG, and says which implementation drew it.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "demo_renderer.h"
#include "demo_shaders.h"
#include "png_writer.h"

namespace {

struct Arguments {
  std::string output = "d3d11vk-demo.png";
  bool check = false;
  bool drawScene = true;
};

void usage() {
  std::printf(
      "usage: d3d11vk-demo [-o PATH] [--check] [--no-draw]\n"
      "  -o PATH     where to write the picture (default d3d11vk-demo.png)\n"
      "  --check     verify a few pixels of the picture and the compute pass's texture; exit 1 if wrong\n"
      "  --no-draw   clear only, draw nothing (shows that --check fails on a wrong picture)\n");
}

// Returns false (after printing why) on a bad command line.
bool parseArguments(int argc, char** argv, Arguments& args) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-o" && i + 1 < argc) {
      args.output = argv[++i];
    } else if (a == "--check") {
      args.check = true;
    } else if (a == "--no-draw") {
      args.drawScene = false;
    } else if (a == "-h" || a == "--help") {
      usage();
      std::exit(0);
    } else {
      std::fprintf(stderr, "d3d11vk-demo: unknown argument '%s'\n", a.c_str());
      usage();
      return false;
    }
  }
  return true;
}

struct Rgb {
  int r, g, b;
};

Rgb pixelAt(const std::vector<uint8_t>& rgb, uint32_t x, uint32_t y) {
  const uint8_t* p = &rgb[(size_t(y) * demo::kWidth + x) * 3];
  return {p[0], p[1], p[2]};
}

bool similar(Rgb a, Rgb b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

int toByte(float unorm) { return int(unorm * 255.0f + 0.5f); }

// The checks --check runs. Each failure prints a line; returns the number of failures.
int checkPicture(const std::vector<uint8_t>& frame, const std::vector<uint8_t>& texture) {
  int failures = 0;
  auto fail = [&](const std::string& what) {
    std::fprintf(stderr, "d3d11vk-demo: check failed: %s\n", what.c_str());
    ++failures;
  };
  auto describe = [](Rgb c) { return "(" + std::to_string(c.r) + ", " + std::to_string(c.g) + ", " + std::to_string(c.b) + ")"; };

  // The compute pass: texel (0,0) is in a white square, (8,0) in a dark one, (8,8) white again.
  auto texel = [&](uint32_t x, uint32_t y) {
    const uint8_t* p = &texture[(size_t(y) * demo::kTextureSize + x) * 4];
    return Rgb{p[0], p[1], p[2]};
  };
  const Rgb white{255, 255, 255}, dark{toByte(0.22f), toByte(0.24f), toByte(0.30f)};
  if (!similar(texel(0, 0), white, 1))
    fail("compute texture texel (0,0) is " + describe(texel(0, 0)) + ", expected white");
  if (!similar(texel(demo::kCheckerSquare, 0), dark, 1))
    fail("compute texture texel (8,0) is " + describe(texel(demo::kCheckerSquare, 0)) + ", expected " + describe(dark));
  if (!similar(texel(demo::kCheckerSquare, demo::kCheckerSquare), white, 1))
    fail("compute texture texel (8,8) is " + describe(texel(8, 8)) + ", expected white");

  // The top corners show only the cleared background.
  const Rgb background{toByte(demo::kBackground[0]), toByte(demo::kBackground[1]), toByte(demo::kBackground[2])};
  for (uint32_t x : {2u, demo::kWidth - 3})
    if (!similar(pixelAt(frame, x, 2), background, 2))
      fail("corner pixel (" + std::to_string(x) + ",2) is " + describe(pixelAt(frame, x, 2)) + ", expected the background " +
           describe(background));

  // The middle cube covers the centre: lit, so neither background nor black.
  Rgb centre = pixelAt(frame, demo::kWidth / 2, demo::kHeight / 2);
  if (similar(centre, background, 8) || centre.r + centre.g + centre.b < 60)
    fail("centre pixel is " + describe(centre) + ": expected a lit cube, not background or black");

  // The checker texture shows on the cubes: around the centre there are bright and dark texels
  // of the same surface, so the brightness varies widely.
  int darkest = 3 * 255, brightest = 0, covered = 0;
  for (uint32_t y = demo::kHeight / 2 - 40; y < demo::kHeight / 2 + 40; ++y)
    for (uint32_t x = demo::kWidth / 2 - 40; x < demo::kWidth / 2 + 40; ++x) {
      Rgb c = pixelAt(frame, x, y);
      if (similar(c, background, 2))
        continue;
      ++covered;
      darkest = std::min(darkest, c.r + c.g + c.b);
      brightest = std::max(brightest, c.r + c.g + c.b);
    }
  if (covered < 1000)
    fail("only " + std::to_string(covered) + " of the 6400 pixels around the centre are drawn");
  else if (brightest - darkest < 150)
    fail("the drawn pixels around the centre span brightness " + std::to_string(darkest) + ".." + std::to_string(brightest) +
         ": the checker texture is not visible");
  return failures;
}

int run(const Arguments& args) {
  demo::DemoRenderer renderer;
  ID3D11VkDeviceInfo* info = renderer.deviceInfo();
  if (!info) {
    // Under Wine this means Wine's own d3d11 answered: the DLL override is missing.
    std::fprintf(stderr,
                 "d3d11vk-demo: the device does not come from d3d11vk (no ID3D11VkDeviceInfo); under Wine set "
                 "WINEDLLOVERRIDES=\"d3d11,dxgi=n\" and put d3d11vk's DLLs beside the exe\n");
    return 1;
  }

  demo::RenderOptions options;
  options.drawScene = args.drawScene;
  renderer.render(options);
  std::vector<uint8_t> frame = renderer.readFrame();  // waits for the GPU
  std::vector<uint8_t> texture = renderer.readGeneratedTexture();

  std::string error = demo::writePng(args.output, demo::kWidth, demo::kHeight, frame);
  if (!error.empty()) {
    std::fprintf(stderr, "d3d11vk-demo: %s\n", error.c_str());
    return 1;
  }
  D3D_FEATURE_LEVEL level = renderer.featureLevel();
  std::printf("d3d11vk-demo: wrote %s (%ux%u, %u instanced cubes, frame %u of %u) rendered by %s on Vulkan device %s, feature level %d_%d\n",
              args.output.c_str(), demo::kWidth, demo::kHeight, demo::kGridSize * demo::kGridSize, demo::kFrames, demo::kFrames,
              info->GetImplementationName(), info->GetVulkanDeviceName(), (level >> 12) & 0xf, (level >> 8) & 0xf);

  int status = 0;
  const char* requested = std::getenv("D3D11VK_VALIDATION");
  bool wanted = requested && std::strcmp(requested, "1") == 0;
  if (info->IsValidationEnabled()) {
    UINT errors = info->GetValidationErrorCount();
    std::printf("d3d11vk-demo: Vulkan validation layer on: %u validation errors\n", errors);
    if (errors != 0) {
      std::fprintf(stderr, "d3d11vk-demo: the validation layer reported %u errors (see d3d11vk's log)\n", errors);
      status = 1;
    }
  } else {
    std::printf("d3d11vk-demo: Vulkan validation layer %s\n",
                wanted ? "requested with D3D11VK_VALIDATION=1 but not active (is vulkan-validationlayers installed?)"
                       : "not seen by d3d11vk (natively D3D11VK_VALIDATION=1 turns it on; under Wine a layer inserted "
                         "with VK_INSTANCE_LAYERS reports only to d3d11vk's log)");
  }

  if (args.check) {
    int failures = checkPicture(frame, texture);
    if (failures != 0) {
      std::fprintf(stderr, "d3d11vk-demo: %d picture checks failed\n", failures);
      status = 1;
    } else {
      std::printf("d3d11vk-demo: picture checks passed (background corners, lit centre cube, checker texture from the compute pass)\n");
    }
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  if (!parseArguments(argc, argv, args))
    return 2;
  try {
    return run(args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "d3d11vk-demo: error: %s\n", e.what());
    return 1;
  }
}
