# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Reads the variant registry (GFRAID_REGISTRY_FILE, src/variants.h) into
# GFRAID_REGISTRY and refuses a GFR_VARIANT line that is not of the form
# GFR_VARIANT(op, arch, tier, gfr_<family>_<op>_<tier>[_x<N>[nt] | _nt]): a
# function that does not carry its tier would run with another tier's CPU
# needs. Included by CMakeLists.txt; also runs alone (the registry test):
#   cmake -DGFRAID_REGISTRY_FILE=path -P cmake/registry.cmake
file(STRINGS "${GFRAID_REGISTRY_FILE}" GFRAID_REGISTRY REGEX "^GFR_[A-Z0-9]+\\(")
set(GFRAID_VARIANT_RE "^GFR_VARIANT\\(([a-z0-9_]+), ([A-Z0-9_]+), ([a-z0-9_]+), ([a-z0-9_]+)\\)$")
foreach(line ${GFRAID_REGISTRY})
  if(line MATCHES "^GFR_TIER\\(")
    continue()
  endif()
  if(NOT line MATCHES "${GFRAID_VARIANT_RE}")
    message(FATAL_ERROR "${GFRAID_REGISTRY_FILE}: not a registry line: ${line}")
  endif()
  set(tier ${CMAKE_MATCH_3})
  set(fn ${CMAKE_MATCH_4})
  if(NOT fn MATCHES "^gfr_[a-z0-9]+_[a-z0-9]+_${tier}(_x[0-9]+(nt)?|_nt)?$")
    message(FATAL_ERROR "${GFRAID_REGISTRY_FILE}: ${fn} does not carry its tier, ${tier}: ${line}")
  endif()
endforeach()
