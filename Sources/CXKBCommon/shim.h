#ifndef CXKBCOMMON_SHIM_H
#define CXKBCOMMON_SHIM_H

#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>
#include <xkbcommon/xkbcommon-names.h>

#endif
