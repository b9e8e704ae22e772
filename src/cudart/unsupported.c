/* Runtime functions ccgpu does not implement, exported so that a program
 * calling one gets a one-line message naming the function and
 * cudaErrorNotSupported (instead of the dynamic linker's "undefined
 * symbol"). Callers' arguments are ignored: on x86-64 a function without
 * parameters may be called with any. Handles returned through pointers
 * are left untouched. */
#include "cudart/cudart.h"

#define UNSUPPORTED(name)                                                                          \
    cudaError_t name(void);                                                                        \
    cudaError_t name(void)                                                                         \
    {                                                                                              \
        return rt_unsupported(#name);                                                          \
    }

/* mipmapped arrays, 3D peer copies, array-to-array copies */
UNSUPPORTED(cudaMallocMipmappedArray)
UNSUPPORTED(cudaFreeMipmappedArray)
UNSUPPORTED(cudaMemcpy3DPeer)
UNSUPPORTED(cudaMemcpy2DArrayToArray)
/* graphs and stream capture */
UNSUPPORTED(cudaGraphCreate)
UNSUPPORTED(cudaGraphInstantiate)
UNSUPPORTED(cudaGraphInstantiateWithFlags)
UNSUPPORTED(cudaGraphLaunch)
UNSUPPORTED(cudaGraphDestroy)
UNSUPPORTED(cudaGraphExecDestroy)
UNSUPPORTED(cudaGraphAddKernelNode)
UNSUPPORTED(cudaGraphAddMemcpyNode)
UNSUPPORTED(cudaStreamBeginCapture)
UNSUPPORTED(cudaStreamEndCapture)
UNSUPPORTED(cudaStreamIsCapturing)
/* extended launches, peers, IPC, pools, interop */
UNSUPPORTED(cudaLaunchCooperativeKernelMultiDevice)
UNSUPPORTED(cudaDeviceEnablePeerAccess)
UNSUPPORTED(cudaDeviceDisablePeerAccess)
UNSUPPORTED(cudaIpcGetMemHandle)
UNSUPPORTED(cudaIpcOpenMemHandle)
UNSUPPORTED(cudaIpcCloseMemHandle)
UNSUPPORTED(cudaIpcGetEventHandle)
UNSUPPORTED(cudaIpcOpenEventHandle)
UNSUPPORTED(cudaMemPoolCreate)
UNSUPPORTED(cudaMallocFromPoolAsync)
UNSUPPORTED(cudaDeviceGetDefaultMemPool)
UNSUPPORTED(cudaGraphicsMapResources)
UNSUPPORTED(cudaGraphicsUnmapResources)
UNSUPPORTED(cudaGraphicsUnregisterResource)
UNSUPPORTED(cudaGetDriverEntryPoint)
UNSUPPORTED(cudaGetDriverEntryPointByVersion)
UNSUPPORTED(cudaGetFuncBySymbol)
UNSUPPORTED(cudaLibraryLoadData)
UNSUPPORTED(cudaLibraryLoadFromFile)
