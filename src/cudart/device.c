/* The one simulated device: its properties and attributes (from the
 * configuration), versions, synchronisation, reset, error names. */
#include "cudart/cudart.h"
#include <stdio.h>
#include <string.h>

static cudaError_t done(cudaError_t e)
{
    rt_unlock();
    return rt_ret(e);
}

/* What cudaMemGetInfo and totalGlobalMem report: device memory is host
 * memory to the simulator, so this is a nominal size. */
#define NOMINAL_GLOBAL_MEM (16ull << 30)

cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count)
        return rt_ret(cudaErrorInvalidValue);
    *count = 1;
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device)
{
    if (!device)
        return rt_ret(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
    return rt_ret(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

cudaError_t cudaInitDevice(int device, unsigned deviceFlags, unsigned flags)
{
    (void)deviceFlags, (void)flags;
    if (device != 0)
        return rt_ret(cudaErrorInvalidDevice);
    rt_lock();
    rt_gpu();
    return done(cudaSuccess);
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
    (void)prop;
    return cudaGetDevice(device);
}

static void fill_props(struct cudaDeviceProp *p)
{
    struct ccgpu_device_facts f;
    ccgpu_device_facts(rt_gpu(), &f);
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", ccgpu_rt.name);
    memcpy(p->uuid.bytes, "ccgpu-simulated", 16);
    p->totalGlobalMem = NOMINAL_GLOBAL_MEM;
    p->sharedMemPerBlock = f.shmem_per_sm < 49152 ? f.shmem_per_sm : 49152;
    p->regsPerBlock = (int)(f.registers_per_sm < 65536 ? f.registers_per_sm : 65536);
    p->warpSize = (int)f.warp_size;
    p->memPitch = 0x7fffffff;
    p->maxThreadsPerBlock = (int)(f.max_threads_per_sm < 1024 ? f.max_threads_per_sm : 1024);
    p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
    p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 0x7fffffff;
    p->maxGridSize[1] = p->maxGridSize[2] = 65535;
    p->totalConstMem = 65536;
    p->major = ccgpu_rt.cc_major;
    p->minor = ccgpu_rt.cc_minor;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    p->multiProcessorCount = (int)f.num_sms;
    p->canMapHostMemory = 1;
    p->surfaceAlignment = 512;
    p->concurrentKernels = 0; /* streams run in issue order */
    p->asyncEngineCount = 0;
    p->unifiedAddressing = 1;
    p->memoryBusWidth = (int)(f.dram_bus_bits * f.mem_partitions);
    p->l2CacheSize = (int)f.l2_bytes;
    p->maxThreadsPerMultiProcessor = (int)f.max_threads_per_sm;
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->sharedMemPerMultiprocessor = f.shmem_per_sm;
    p->regsPerMultiprocessor = (int)f.registers_per_sm;
    p->managedMemory = 1;
    p->concurrentManagedAccess = 0;
    p->sharedMemPerBlockOptin = f.shmem_per_sm;
    p->maxBlocksPerMultiProcessor = (int)f.max_ctas_per_sm;
    p->directManagedMemAccessFromHost = 1;
    p->hostRegisterSupported = 1;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    if (!prop)
        return rt_ret(cudaErrorInvalidValue);
    if (device != 0)
        return rt_ret(cudaErrorInvalidDevice);
    rt_lock();
    fill_props(prop);
    return done(cudaSuccess);
}

cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device)
{
    if (!value)
        return rt_ret(cudaErrorInvalidValue);
    if (device != 0)
        return rt_ret(cudaErrorInvalidDevice);
    rt_lock();
    struct cudaDeviceProp p;
    fill_props(&p);
    struct ccgpu_device_facts f;
    ccgpu_device_facts(ccgpu_rt.gpu, &f);
    int v;
    switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: v = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: v = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: v = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: v = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: v = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: v = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: v = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: v = (int)p.sharedMemPerBlock; break;
    case cudaDevAttrTotalConstantMemory: v = (int)p.totalConstMem; break;
    case cudaDevAttrWarpSize: v = p.warpSize; break;
    case cudaDevAttrMaxPitch: v = (int)p.memPitch; break;
    case cudaDevAttrMaxRegistersPerBlock: v = p.regsPerBlock; break;
    case cudaDevAttrClockRate: v = (int)(f.core_mhz * 1000); break; /* kHz */
    case cudaDevAttrTextureAlignment: v = (int)p.textureAlignment; break;
    case cudaDevAttrMultiProcessorCount: v = p.multiProcessorCount; break;
    case cudaDevAttrCanMapHostMemory: v = 1; break;
    case cudaDevAttrMemoryClockRate: v = (int)(f.dram_mhz * 1000); break; /* kHz */
    case cudaDevAttrGlobalMemoryBusWidth: v = p.memoryBusWidth; break;
    case cudaDevAttrL2CacheSize: v = p.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: v = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrUnifiedAddressing: v = 1; break;
    case cudaDevAttrComputeCapabilityMajor: v = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: v = p.minor; break;
    case cudaDevAttrGlobalL1CacheSupported:
    case cudaDevAttrLocalL1CacheSupported:
    case cudaDevAttrManagedMemory:
    case cudaDevAttrHostRegisterSupported:
        v = 1;
        break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: v = (int)p.sharedMemPerMultiprocessor; break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: v = p.regsPerMultiprocessor; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: v = (int)p.sharedMemPerBlockOptin; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: v = p.maxBlocksPerMultiProcessor; break;
    case cudaDevAttrGpuOverlap:
    case cudaDevAttrKernelExecTimeout:
    case cudaDevAttrIntegrated:
    case cudaDevAttrComputeMode:
    case cudaDevAttrConcurrentKernels:
    case cudaDevAttrEccEnabled:
    case cudaDevAttrPciBusId:
    case cudaDevAttrPciDeviceId:
    case cudaDevAttrPciDomainId:
    case cudaDevAttrTccDriver:
    case cudaDevAttrAsyncEngineCount:
    case cudaDevAttrStreamPrioritiesSupported:
    case cudaDevAttrIsMultiGpuBoard:
    case cudaDevAttrHostNativeAtomicSupported:
    case cudaDevAttrPageableMemoryAccess:
    case cudaDevAttrConcurrentManagedAccess:
    case cudaDevAttrComputePreemptionSupported:
    case cudaDevAttrCanUseHostPointerForRegisteredMem:
    case cudaDevAttrCooperativeLaunch:
    case cudaDevAttrMaxPersistingL2CacheSize:
    case cudaDevAttrReservedSharedMemoryPerBlock:
    case cudaDevAttrMemoryPoolsSupported:
        v = 0;
        break;
    default:
        rt_say("cudaDeviceGetAttribute", "attribute %d is not known to ccgpu", attr);
        return done(cudaErrorInvalidValue);
    }
    *value = v;
    return done(cudaSuccess);
}

/* Launches and copies complete before their calls return: synchronising
 * only reports a failed kernel. */
cudaError_t cudaDeviceSynchronize(void)
{
    return rt_ret(ccgpu_rt.sticky);
}

/* Frees managed and pinned host memory and clears errors; cudaMalloc
 * memory, kernels, statistics and the simulated clock stay (module globals
 * keep their contents). */
cudaError_t cudaDeviceReset(void)
{
    rt_lock();
    rt_free_all_hostmem();
    ccgpu_rt.sticky = cudaSuccess;
    rt_unlock();
    cudaGetLastError();
    return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned flags)
{
    ccgpu_rt.device_flags = (int)flags;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned *flags)
{
    if (!flags)
        return rt_ret(cudaErrorInvalidValue);
    *flags = (unsigned)ccgpu_rt.device_flags;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetCacheConfig(int cacheConfig)
{
    (void)cacheConfig; /* the L1/shared split comes from the configuration */
    return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(int *cacheConfig)
{
    if (!cacheConfig)
        return rt_ret(cudaErrorInvalidValue);
    *cacheConfig = 0;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(int config)
{
    (void)config;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(int limit, size_t value)
{
    if (limit < 0 || limit > cudaLimitMallocHeapSize)
        return rt_ret(cudaErrorInvalidValue);
    rt_lock();
    rt_gpu();
    ccgpu_rt.limits[limit] = value;
    return done(cudaSuccess);
}

cudaError_t cudaDeviceGetLimit(size_t *value, int limit)
{
    if (!value || limit < 0 || limit > cudaLimitMallocHeapSize)
        return rt_ret(cudaErrorInvalidValue);
    rt_lock();
    rt_gpu();
    *value = ccgpu_rt.limits[limit];
    return done(cudaSuccess);
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)
{
    if (!canAccessPeer)
        return rt_ret(cudaErrorInvalidValue);
    if (device != 0 || peerDevice != 0)
        return rt_ret(cudaErrorInvalidDevice);
    *canAccessPeer = 0;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
    if (leastPriority)
        *leastPriority = 0;
    if (greatestPriority)
        *greatestPriority = 0;
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *driverVersion)
{
    if (!driverVersion)
        return rt_ret(cudaErrorInvalidValue);
    *driverVersion = 13000;
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion)
{
    if (!runtimeVersion)
        return rt_ret(cudaErrorInvalidValue);
    *runtimeVersion = 13000;
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total)
{
    if (free)
        *free = NOMINAL_GLOBAL_MEM;
    if (total)
        *total = NOMINAL_GLOBAL_MEM;
    return cudaSuccess;
}

cudaError_t cudaProfilerStart(void)
{
    return cudaSuccess;
}

cudaError_t cudaProfilerStop(void)
{
    return cudaSuccess;
}

/* ---- error names and descriptions (CUDA's codes, ccgpu's wording) ---- */

static const struct {
    cudaError_t code;
    const char *name, *text;
} errors[] = {
    { cudaSuccess, "cudaSuccess", "no error" },
    { cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument" },
    { cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory" },
    { cudaErrorInitializationError, "cudaErrorInitializationError", "initialization error" },
    { cudaErrorCudartUnloading, "cudaErrorCudartUnloading", "driver shutting down" },
    { cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
      "invalid configuration argument" },
    { cudaErrorInvalidPitchValue, "cudaErrorInvalidPitchValue", "invalid pitch argument" },
    { cudaErrorInvalidChannelDescriptor, "cudaErrorInvalidChannelDescriptor",
      "invalid channel descriptor" },
    { cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol" },
    { cudaErrorInvalidHostPointer, "cudaErrorInvalidHostPointer", "invalid host pointer" },
    { cudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer" },
    { cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
      "invalid copy direction for memcpy" },
    { cudaErrorMissingConfiguration, "cudaErrorMissingConfiguration",
      "launch without a call configuration" },
    { cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction",
      "invalid device function" },
    { cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected" },
    { cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal" },
    { cudaErrorInvalidKernelImage, "cudaErrorInvalidKernelImage",
      "device kernel image is invalid" },
    { cudaErrorNoKernelImageForDevice, "cudaErrorNoKernelImageForDevice",
      "no kernel image is available for execution on the device" },
    { cudaErrorInvalidPtx, "cudaErrorInvalidPtx", "a PTX JIT compilation failed" },
    { cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle",
      "invalid resource handle" },
    { cudaErrorSymbolNotFound, "cudaErrorSymbolNotFound", "named symbol not found" },
    { cudaErrorNotReady, "cudaErrorNotReady", "device not ready" },
    { cudaErrorIllegalAddress, "cudaErrorIllegalAddress",
      "an illegal memory access was encountered" },
    { cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources",
      "too many resources requested for launch" },
    { cudaErrorHostMemoryAlreadyRegistered, "cudaErrorHostMemoryAlreadyRegistered",
      "part or all of the requested memory range is already mapped" },
    { cudaErrorHostMemoryNotRegistered, "cudaErrorHostMemoryNotRegistered",
      "pointer does not correspond to a registered memory region" },
    { cudaErrorLaunchTimeout, "cudaErrorLaunchTimeout",
      "the launch timed out and was terminated" },
    { cudaErrorMisalignedAddress, "cudaErrorMisalignedAddress", "misaligned address" },
    { cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure" },
    { cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported" },
    { cudaErrorUnknown, "cudaErrorUnknown", "unknown error" },
};

const char *cudaGetErrorString(cudaError_t error)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        if (errors[i].code == error)
            return errors[i].text;
    return "unrecognized error code";
}

const char *cudaGetErrorName(cudaError_t error)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        if (errors[i].code == error)
            return errors[i].name;
    return "cudaErrorUnknown";
}
