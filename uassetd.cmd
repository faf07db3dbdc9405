@echo off
rem Runs uassetd from this checkout: uassetd.cmd [serve^|^<command^>] [args...]
setlocal
set "HERE=%~dp0"
if "%UASSETD_JAR%"=="" set "UASSETD_JAR=%HERE%daemon\target\uassetd.jar"
if not exist "%UASSETD_JAR%" (
  echo uassetd: %UASSETD_JAR% not found; build it with: mvnw.cmd -q -DskipTests package 1>&2
  exit /b 2
)
set "JAVA_EXE=java"
if defined JAVA_HOME set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
rem Class data sharing, as ./uassetd does: an archive of the start-up classes beside the jar, made on
rem the first run and again whenever the jar is newer (xcopy /D /L lists the jar only when it is newer).
set "JSA=%UASSETD_JAR:~0,-4%.jsa"
set "CDS_OPTS="
if not defined UASSETD_NO_CDS (
  set "CDS_OPTS=-XX:ArchiveClassesAtExit="%JSA%""
  if exist "%JSA%" (
    xcopy /L /D /Y "%UASSETD_JAR%" "%JSA%" 2>nul | findstr /B /C:"0 " >nul && set "CDS_OPTS=-XX:SharedArchiveFile="%JSA%" -Xshare:auto"
  )
)
rem Say so when this run writes the archive (at exit: the command itself runs as usual, its end a few seconds later)
if defined CDS_OPTS echo(%CDS_OPTS%| findstr /C:"ArchiveClassesAtExit" >nul && echo uassetd: first run of this jar: the start-up archive %JSA% is written when this command ends ^(a few seconds, once per build of the jar^) 1>&2
rem The memory budget (docs/limits.md): --memory-mb N, else UASSETD_MEMORY_MB, else a quarter of the smaller of
rem physical memory and the cgroup limit; the heap gets 3/4 of it (-Xmx, or -XX:MaxRAMPercentage=18.75).
set "HEAP_MB="
if defined UASSETD_MEMORY_MB set /a "HEAP_MB=UASSETD_MEMORY_MB*3/4" 2>nul
call :memory_arg %*
set "HEAP_OPTS=-XX:MaxRAMPercentage=18.75"
if defined HEAP_MB if not "%HEAP_MB%"=="0" set "HEAP_OPTS=-Xmx%HEAP_MB%m"
"%JAVA_EXE%" -Xlog:cds=off -Xlog:cds+dynamic=off %HEAP_OPTS% %UASSETD_JAVA_OPTS% %CDS_OPTS% -jar "%UASSETD_JAR%" %*
exit /b %ERRORLEVEL%
rem --memory-mb N or --memory-mb=N (cmd splits arguments at "=" too)
:memory_arg
if "%~1"=="" exit /b 0
if "%~1"=="--memory-mb" (
  set /a "HEAP_MB=%~2*3/4" 2>nul
  exit /b 0
)
shift
goto memory_arg
