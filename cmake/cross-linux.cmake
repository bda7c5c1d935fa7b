# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Cross build for another Linux architecture with Debian's cross compilers,
# the tests run under qemu-user:
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/cross-linux.cmake \
#         -DGFRAID_TRIPLET=aarch64-linux-gnu
# Triplets: aarch64-linux-gnu, s390x-linux-gnu, riscv64-linux-gnu,
# i686-linux-gnu. Needs gcc-<triplet>, qemu-user-static and the target's
# multiarch -dev packages (scripts/install-deps.sh installs them);
# scripts/cross-test.sh TRIPLET does it all.
if(NOT GFRAID_TRIPLET)
  message(FATAL_ERROR "cross-linux.cmake: set -DGFRAID_TRIPLET=<triplet>, e.g. aarch64-linux-gnu")
endif()
# try_compile projects read the toolchain file again: pass the triplet on
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES GFRAID_TRIPLET)

string(REGEX MATCH "^[^-]+" GFRAID_CROSS_CPU "${GFRAID_TRIPLET}")
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${GFRAID_CROSS_CPU})
set(CMAKE_C_COMPILER ${GFRAID_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${GFRAID_TRIPLET}-g++)

# headers and libraries of the target from its multiarch packages
set(CMAKE_LIBRARY_ARCHITECTURE ${GFRAID_TRIPLET})
if(GFRAID_CROSS_CPU MATCHES "^i[3-6]86$")
  set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)
endif()
# Target libraries Debian has no package of for this architecture (Check
# on riscv64: scripts/cross-check.sh builds it from Debian's source).
set(GFRAID_CROSS_PREFIX "" CACHE PATH "Prefix of target libraries built from source")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES GFRAID_CROSS_PREFIX)
set(ENV{PKG_CONFIG_LIBDIR}
    "/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/pkgconfig:/usr/share/pkgconfig")
if(GFRAID_CROSS_PREFIX)
  set(ENV{PKG_CONFIG_LIBDIR} "${GFRAID_CROSS_PREFIX}/lib/pkgconfig:$ENV{PKG_CONFIG_LIBDIR}")
endif()

# qemu's name for the CPU. The programs run on the target's multiarch C
# library (libc6:<arch>, which the target's check package brings along),
# not with -L on the cross compiler's copy in /usr/<triplet>: mixing that
# loader with the multiarch libc aborts s390x programs at start. Where
# Debian has no such library (riscv64 on Debian 12), the cross compiler's
# copy is the only one, and -L points qemu at it.
if(GFRAID_CROSS_CPU MATCHES "^i[3-6]86$")
  set(qemu_cpu i386)
else()
  set(qemu_cpu ${GFRAID_CROSS_CPU})
endif()
find_program(GFRAID_QEMU qemu-${qemu_cpu}-static qemu-${qemu_cpu})
if(GFRAID_QEMU)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${GFRAID_QEMU})
  if(NOT EXISTS /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/libc.so.6)
    list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -L /usr/${GFRAID_TRIPLET})
  endif()
endif()
