# ccgpu plot: cycles against param, from docs/results/awss/fig11/awss-sync.csv
# render with: gnuplot awss-sync-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-sync-cycles.svg'
set title 'awss-sync'
set xlabel 'param'
set ylabel 'cycles'
set key outside right top
set grid ytics
set yrange [0:*]
$s0 << EOD
50 1089812
100 1088767
200 1090653
2000 1171794
4000 1258787
8000 1436024
EOD
$s1 << EOD
50 1015348
100 1017096
200 1023561
2000 1105470
4000 1194749
8000 1373641
EOD
plot $s0 using 1:2 with linespoints title 'bfs scheme=AwssSche', \
     $s1 using 1:2 with linespoints title 'bfs scheme=AwssSche-Relax'
