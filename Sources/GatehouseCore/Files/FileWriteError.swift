#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why `AtomicFile` or `FilePath` could not write: the step, the path it concerned and the system's error number.
/// Each module wraps it into its own error (`CommandFailure` 74, `SyncError`, `ReviewError`), keeping `reason`.
package struct FileWriteError: Error, Sendable, Equatable {
    /// The step that failed.
    package enum Step: Sendable, Equatable {
        /// A missing folder of the path could not be created.
        case createFolder
        /// The target's folder could not be opened.
        case openFolder
        /// The target's name is empty, `.` or `..`: it names a folder, not a file.
        case notAFile
        /// The temporary file could not be created.
        case createTemporary
        /// Writing, stamping, syncing or closing the temporary file failed.
        case write
        /// The temporary file could not be put in the target's place.
        case place
        /// `createOnly`: something (a file, a link) already has the target's name.
        case exists
        /// The folder could not be synced after the rename (the file is in place but may not survive a crash).
        case syncFolder
    }

    /// The step.
    package let step: Step
    /// The path the step concerned (the target, or the folder being created).
    package let path: String
    /// The `errno` of the failing call.
    package let errorNumber: Int32

    package init(_ step: Step, _ path: String, errorNumber: Int32) {
        self.step = step
        self.path = path
        self.errorNumber = errorNumber
    }

    /// The cause as the system says it (`No such file or directory`).
    package var systemText: String { String(cString: strerror(errorNumber)) }

    /// One line naming the step, the path and the cause, such as `cannot create the folder rel/dir (Permission
    /// denied)`.
    package var reason: String {
        switch step {
        case .createFolder: "cannot create the folder \(path) (\(systemText))"
        case .openFolder: "cannot open the folder of \(path) (\(systemText))"
        case .notAFile: "\(path) names a folder, not a file"
        case .createTemporary: "cannot create a temporary file beside \(path) (\(systemText))"
        case .write: "cannot write \(path) (\(systemText))"
        case .place: "cannot put the new file at \(path) (\(systemText))"
        case .exists: "\(path) already exists (it was not replaced)"
        case .syncFolder: "wrote \(path) but could not sync its folder (\(systemText))"
        }
    }
}
