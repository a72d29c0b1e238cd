cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_tgsm_raw g0, 256
dcl_temps 2
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadID.x, l(2)
ld_raw r1.x, r0.x, u0.xxxx
store_raw g0.x, r0.x, r1.x
sync_g_t
imm_atomic_iadd r1.y, u0, l(0), l(1)
loop
  ige r1.z, r1.y, l(4)
  breakc_nz r1.z
  iadd r1.y, r1.y, l(1)
endloop
store_raw u0.x, r0.x, r1.y
ret
