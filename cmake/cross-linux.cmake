# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Cross build for another Linux architecture with Debian's cross compilers,
# the tests run under qemu-user:
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/cross-linux.cmake \
#         -DGFRAID_TRIPLET=aarch64-linux-gnu
# Triplets: aarch64-linux-gnu, s390x-linux-gnu, riscv64-linux-gnu,
# i686-linux-gnu. Needs gcc-<triplet>, qemu-user-static and the target's
# multiarch -dev packages (scripts/install-deps.sh --cross ARCH).
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

# qemu's name for the CPU. The programs run on the target's multiarch C
# library (libc6:<arch>, which the target's check package brings along),
# not with -L on the cross compiler's copy in /usr/<triplet>: mixing that
# loader with the multiarch libc aborts s390x programs at start.
if(GFRAID_CROSS_CPU MATCHES "^i[3-6]86$")
  set(qemu_cpu i386)
else()
  set(qemu_cpu ${GFRAID_CROSS_CPU})
endif()
find_program(GFRAID_QEMU qemu-${qemu_cpu}-static qemu-${qemu_cpu})
if(GFRAID_QEMU)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${GFRAID_QEMU})
endif()

# headers and libraries of the target from its multiarch packages
set(CMAKE_LIBRARY_ARCHITECTURE ${GFRAID_TRIPLET})
if(GFRAID_CROSS_CPU MATCHES "^i[3-6]86$")
  set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)
endif()
set(ENV{PKG_CONFIG_LIBDIR}
    "/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/pkgconfig:/usr/share/pkgconfig")
