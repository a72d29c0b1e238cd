// Unit: the FramePacer deadline schedule behind dxgi.maxFrameRate and sync intervals 2-4.
#include <catch2/catch.hpp>

#include "dxgi/dxgi_frame_pacer.h"

TEST_CASE("FramePacer deadlines follow the previous deadline, not the arrival", "[dxgi]") {
  d3d11vk::FramePacer pacer;
  CHECK(pacer.deadline(1000, 100) == 1000);  // the first frame is never held
  CHECK(pacer.deadline(1010, 100) == 1100);
  CHECK(pacer.deadline(1130, 100) == 1200);  // woke 30 late: the next deadline stays on the grid
  CHECK(pacer.deadline(1250, 100) == 1300);
  CHECK(pacer.deadline(1350, 100) == 1400);
  CHECK(pacer.deadline(1460, 100) == 1500);
  CHECK(pacer.deadline(1590, 100) == 1600);
  CHECK(pacer.deadline(1650, 100) == 1700);
  CHECK(pacer.deadline(1710, 100) == 1800);
  CHECK(pacer.deadline(1850, 100) == 1900);
  CHECK(pacer.deadline(1930, 100) == 2000);
  // A frame more than a period late restarts the schedule instead of bursting to catch up.
  CHECK(pacer.deadline(2500, 100) == 2500);
  CHECK(pacer.deadline(2510, 100) == 2600);
  // Period 0 does not pace and forgets the schedule.
  CHECK(pacer.deadline(2520, 0) == 2520);
  CHECK(pacer.deadline(2530, 100) == 2530);
}

TEST_CASE("FramePacer::wouldHold answers what deadline would, without changing it", "[dxgi]") {
  d3d11vk::FramePacer pacer;
  CHECK_FALSE(pacer.wouldHold(1000, 100));  // nothing to follow yet
  CHECK(pacer.deadline(1000, 100) == 1000);
  CHECK(pacer.wouldHold(1050, 100));
  CHECK(pacer.wouldHold(1050, 100));  // asking again changes nothing
  CHECK_FALSE(pacer.wouldHold(1100, 100));
  CHECK_FALSE(pacer.wouldHold(1050, 0));
  CHECK(pacer.deadline(1050, 100) == 1100);
  CHECK_FALSE(pacer.wouldHold(1500, 100));  // late: the schedule restarts at once
}
