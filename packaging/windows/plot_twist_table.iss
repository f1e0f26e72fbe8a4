; Inno Setup script: installs the one-folder PyInstaller build of Plot Twist Table.
;
; Build the app first (dist\PlotTwistTable\PlotTwistTable.exe), then from the repository root:
;
;     iscc /DAppVersion=0.1.0 packaging\windows\plot_twist_table.iss
;
; The installer is written to dist\PlotTwistTable-<version>-windows-x64-setup.exe. It installs for
; the current user by default (no administrator rights needed; the first page offers "all
; users"), adds a Start-menu shortcut, an optional desktop shortcut, and an uninstaller listed in
; Settings > Apps. Relative paths below are relative to this script's folder.

#ifndef AppVersion
  #error Pass the version on the command line: iscc /DAppVersion=0.1.0 plot_twist_table.iss
#endif
#ifndef NumericVersion
  ; Windows' file version is numbers only: pass /DNumericVersion=0.2.0 with /DAppVersion=0.2.0rc1
  #define NumericVersion AppVersion
#endif
#ifndef DistDir
  #define DistDir "..\..\dist"
#endif

#define AppName "Plot Twist Table"
#define AppExeName "PlotTwistTable.exe"
#define AppPublisher "Plot Twist Table contributors"

[Setup]
; The AppId identifies this app to Windows across versions (upgrades, uninstall): never change it.
; The doubled opening brace is Inno Setup's escape for a literal "{".
AppId={{3A05859E-6469-4AE1-9E4B-68B02DA35432}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
VersionInfoVersion={#NumericVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile=..\..\assets\icons\app.ico
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
OutputDir={#DistDir}
OutputBaseFilename=PlotTwistTable-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; a running copy would hold its DLLs open: offer to close it during install and uninstall
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; an upgrade replaces the whole bundle: no stale DLL or module of an older version may linger
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#DistDir}\PlotTwistTable\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#StringChange(AppName, '&', '&&')}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; files the app may write next to itself (none today); the user's games and packs live in
; %LOCALAPPDATA%\Plot Twist Table and are kept
Type: dirifempty; Name: "{app}"
