#ifndef CXKBREGISTRY_SHIM_H
#define CXKBREGISTRY_SHIM_H

#include <xkbcommon/xkbregistry.h>

#endif
