; Inno Setup script for Sitemap Studio's Windows installer (Inno Setup 6.3 or later).
;
; packaging/build.py runs it after PyInstaller, with the values below defined on the command line:
;   ISCC /DAppVersion=X.Y.Z /DDistDir=...\dist\sitemap-studio /DIconFile=...\sitemap-studio.ico
;        /DOutputDir=...\dist packaging\windows\sitemap-studio.iss
; The version comes from sitemap_studio.__version__ through build.py; it is written nowhere here.

#ifndef AppVersion
  #error Define AppVersion (ISCC /DAppVersion=X.Y.Z); packaging/build.py does it for you
#endif
#ifndef DistDir
  #define DistDir "..\..\dist\sitemap-studio"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\icons\sitemap-studio.ico"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

#define AppName "Sitemap Studio"
#define AppExe "sitemap-studio.exe"
#define ProjectProgId "SitemapStudio.Project"
#define ProjectExtension ".sitemapproj"
#define ProjectMimeType "application/x-sitemap-studio-project"

[Setup]
; A fixed GUID: installers of later versions upgrade this installation.
AppId={{CB433859-06B6-4565-94B4-D886A070DA91}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Sitemap Studio developers
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
LicenseFile=..\..\LICENSE
; Per-user install by default; the user may choose an install for all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
OutputDir={#OutputDir}
OutputBaseFilename=sitemap-studio-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#DistDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; .sitemapproj opens in Sitemap Studio: the extension names our ProgID, which says how to open it.
Root: HKA; Subkey: "Software\Classes\{#ProjectExtension}"; ValueType: string; ValueName: ""; ValueData: "{#ProjectProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProjectExtension}"; ValueType: string; ValueName: "Content Type"; ValueData: "{#ProjectMimeType}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProjectExtension}\OpenWithProgids"; ValueType: string; ValueName: "{#ProjectProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProjectProgId}"; ValueType: string; ValueName: ""; ValueData: "Sitemap Studio Project"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProjectProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProjectProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
; Offered in "Open with" for sitemaps, without taking .xml over.
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: "{#ProjectExtension}"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".xml"; ValueData: ""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
