# Installs the libraries, headers (hand-written and generated) and tools as
# the CMake package `Systile`, in its own export set, so that a downstream
# compiler can `find_package(Systile CONFIG)` and embed the dialect and passes.
include(CMakePackageConfigHelpers)

get_property(_systile_libs GLOBAL PROPERTY SYSTILE_EXPORTED_LIBS)
install(TARGETS ${_systile_libs}
  EXPORT SystileTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib
  INCLUDES DESTINATION include)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/systile
  DESTINATION include FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/systile
  DESTINATION include FILES_MATCHING PATTERN "*.inc" PATTERN "*.h")
install(EXPORT SystileTargets NAMESPACE Systile::
  DESTINATION lib/cmake/Systile)

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/SystileConfig.cmake.in
  ${PROJECT_BINARY_DIR}/SystileConfig.cmake
  INSTALL_DESTINATION lib/cmake/Systile)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/SystileConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/SystileConfig.cmake
  ${PROJECT_BINARY_DIR}/SystileConfigVersion.cmake
  DESTINATION lib/cmake/Systile)
