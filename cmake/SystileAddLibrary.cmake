# systile_add_library(name SOURCES... [DEPENDS tgt...] [LINK_LIBS lib...]
#                     [MLIR_LIBS MLIRComponent...])
#
# Our libraries are plain CMake targets in the project's own export set
# (SystileTargets). add_mlir_library would put them into MLIRTargets, which
# belongs to the MLIR installation and is wrong for a separate package.
# MLIR_LIBS names the MLIR components the library uses directly. They are
# linked statically by default: a tool then loads only the MLIR code it
# uses, which starts much faster than loading the whole 107 MB libMLIR.so
# (systile-run's start-up is part of its benchmark). With
# -DSYSTILE_LINK_MLIR_DYLIB=ON every library links libMLIR.so instead
# (faster links while developing). Both link the shared libLLVM.so, as
# Debian's MLIR libraries do.
function(systile_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  if(ARG_LINK_LIBS)
    target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  endif()
  if(ARG_MLIR_LIBS)
    if(SYSTILE_LINK_MLIR_DYLIB)
      target_link_libraries(${name} PUBLIC MLIR LLVM)
    else()
      target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS} LLVM)
    endif()
  endif()
  set_property(GLOBAL APPEND PROPERTY SYSTILE_EXPORTED_LIBS ${name})
endfunction()

# systile_add_doc(td output flags...): generates build/docs/<output>.md from
# <td>.td; target systile-doc builds them all, scripts/update-docs.sh copies
# them into docs/, and a lit test checks docs/ is current.
if(NOT TARGET systile-doc)
  add_custom_target(systile-doc ALL)
endif()
function(systile_add_doc td output)
  set(LLVM_TARGET_DEFINITIONS ${td}.td)
  tablegen(MLIR ${output}.md ${ARGN})
  set(out ${PROJECT_BINARY_DIR}/docs/${output}.md)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_BINARY_DIR}/${output}.md ${out}
    DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/${output}.md)
  add_custom_target(${output}DocGen DEPENDS ${out})
  add_dependencies(systile-doc ${output}DocGen)
endfunction()
