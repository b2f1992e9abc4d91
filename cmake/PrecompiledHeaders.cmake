# Precompiled headers. Parsing the standard library and Qt headers was about 80 % of a file's
# compile time (a GUI test: 13 of 17 s), paid again in each of the three CI builds. Each library
# precompiles the headers nearly all of its files include; the tests of one directory share one
# precompiled header through a donor executable built with the same flags and Qt modules (GCC
# checks that they match and otherwise parses the headers as usual, so a mismatch is slower,
# never wrong). Project headers stay out: every file still includes what it uses.
option(STAGELIGHT_PCH "Precompile the standard library and Qt headers" ON)
if(STAGELIGHT_PCH)
  # A precompiled header loses GCC 12's "in a system header" mark on the standard library's
  # inlined code, so its known -O3 false positives on std::string (GCC bug 105329) surface in
  # every file. AddressSanitizer checks the same bounds at run time.
  target_compile_options(stagelight_warnings INTERFACE
                         $<$<CXX_COMPILER_ID:GNU>:-Wno-array-bounds -Wno-stringop-overflow
                                                   -Wno-stringop-overread>)
endif()

set(STAGELIGHT_PCH_STD <algorithm> <array> <atomic> <chrono> <cstdint> <cstring> <filesystem>
    <functional> <map> <memory> <mutex> <optional> <set> <span> <string> <string_view>
    <thread> <unordered_map> <utility> <variant> <vector>)
set(STAGELIGHT_PCH_QTCORE <QtCore/QObject> <QtCore/QString> <QtCore/QStringList> <QtCore/QVariant>
    <QtCore/QAbstractTableModel> <QtCore/QTimer> <QtCore/QFileInfo> <QtCore/QDateTime>)
set(STAGELIGHT_PCH_QTWIDGETS <QtGui/QPainter> <QtGui/QAction> <QtWidgets/QWidget>
    <QtWidgets/QLabel> <QtWidgets/QTableView> <QtWidgets/QHeaderView> <QtWidgets/QDockWidget>
    <QtWidgets/QMainWindow> <QtWidgets/QBoxLayout> <QtWidgets/QComboBox> <QtWidgets/QLineEdit>)

# stagelight_pch(TARGET STD|QTCORE|WIDGETS|TEST|GUITEST): the header set for one library.
function(stagelight_pch target kind)
  if(NOT STAGELIGHT_PCH)
    return()
  endif()
  set(headers ${STAGELIGHT_PCH_STD})
  if(kind MATCHES "QTCORE|WIDGETS|TEST")
    list(APPEND headers ${STAGELIGHT_PCH_QTCORE})
  endif()
  if(kind MATCHES "WIDGETS|GUITEST")
    list(APPEND headers ${STAGELIGHT_PCH_QTWIDGETS})
  endif()
  if(kind MATCHES "TEST")
    list(APPEND headers <QtTest/QtTest>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# stagelight_test_pch(TARGET DONOR KIND LIBS...): TARGET reuses the precompiled header of DONOR,
# an executable created on first use that links LIBS, as every test of its directory does.
function(stagelight_test_pch target donor kind)
  if(NOT STAGELIGHT_PCH)
    return()
  endif()
  if(NOT TARGET ${donor})
    set(source ${CMAKE_BINARY_DIR}/pch/${donor}.cpp)
    file(CONFIGURE OUTPUT ${source} CONTENT "int main() { return 0; }\n")
    add_executable(${donor} EXCLUDE_FROM_ALL ${source})
    target_link_libraries(${donor} PRIVATE ${ARGN})
    target_compile_definitions(${donor} PRIVATE ${STAGELIGHT_QT_DEFINES})
    stagelight_pch(${donor} ${kind})
  endif()
  target_precompile_headers(${target} REUSE_FROM ${donor})
endfunction()
