# ccgpu plot: cycles against param, from docs/results/awss/fig12/awss-sms.csv
# render with: gnuplot awss-sms-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-sms-cycles.svg'
set title 'awss-sms'
set xlabel 'param'
set ylabel 'cycles'
set key outside right top
set grid ytics
set yrange [0:*]
$s0 << EOD
8 1010329
15 823797
16 816316
32 732923
EOD
$s1 << EOD
8 1152324
15 1087478
16 1082337
32 1064236
EOD
$s2 << EOD
8 1096171
15 1016136
16 1015306
32 995739
EOD
$s3 << EOD
8 1705836
15 1438705
16 1425401
32 1297745
EOD
$s4 << EOD
8 1768599
15 1507836
16 1513905
32 1377553
EOD
$s5 << EOD
8 1768599
15 1500601
16 1506570
32 1371193
EOD
plot $s0 using 1:2 with linespoints title 'bfs scheme=max-TLP', \
     $s1 using 1:2 with linespoints title 'bfs scheme=AwssSche', \
     $s2 using 1:2 with linespoints title 'bfs scheme=AwssSche-Relax', \
     $s3 using 1:2 with linespoints title 'mesh scheme=max-TLP', \
     $s4 using 1:2 with linespoints title 'mesh scheme=AwssSche', \
     $s5 using 1:2 with linespoints title 'mesh scheme=AwssSche-Relax'
