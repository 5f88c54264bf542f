import TraceRecorder

// The recorder's own vocabulary types, under names that say whose they are: in a file that
// imports TraceModel too, the unqualified names are ambiguous, and `TraceRecorder.EventName`
// names a member of the class, not of the module.
typealias RecorderEventName = EventName
typealias RecorderRecordKey = RecordKey
typealias RecorderInterfaceOrientation = InterfaceOrientation
typealias RecorderDeviceOrientation = DeviceOrientation
typealias RecorderOrientationMask = OrientationMask
typealias RecorderIdiom = Idiom
typealias RecorderPresentationStyle = PresentationStyle
typealias RecorderContainerKind = ContainerKind
typealias RecorderCompression = Compression
typealias RecorderSessionHeader = SessionHeader
